import { describe, expect, it } from '@jest/globals';
import { pushTopic } from './pushTopic';

describe('pushTopic', () => {
  it('uses an id that is already a valid topic as it is', () => {
    expect(pushTopic('AbC-_0123456789xyzXYZ9')).toBe('AbC-_0123456789xyzXYZ9');
  });

  it('derives a stable 32-character base64url topic from a longer or non-base64url id', () => {
    const uuid = '3b241101-e2bb-4255-8caf-4136c566a962';
    const topic = pushTopic(uuid);

    expect(topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(pushTopic(uuid)).toBe(topic);
    expect(pushTopic('an id with spaces')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(pushTopic('an id with spaces')).not.toBe(topic);
  });
});

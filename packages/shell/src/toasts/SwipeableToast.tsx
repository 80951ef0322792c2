import {
  forwardRef,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useTheme } from '@mui/material/styles';
import { MaterialDesignContent, useSnackbar, type CustomContentProps } from 'notistack';
import { toastColors } from './toastColors';
import { TOAST_SWIPE_THRESHOLD_PX } from './toastConstants';

/**
 * Movement below which a press is still a press: the toast neither moves nor captures the pointer,
 * so a click on a button inside a toast stays a click on that button.
 */
const DRAG_START_SLOP_PX = 4;
const SNAP_BACK = 'transform 150ms ease-out';
const FLY_OUT = 'transform 150ms ease-in, opacity 150ms ease-in';

interface DragStart {
  readonly pointerId: number;
  readonly startX: number;
}

type SwipePhase = 'idle' | 'dragging' | 'dismissed';

/**
 * notistack's Material Design toast that can be swiped away: dragged sideways (mouse, touch or pen)
 * it follows the pointer; released at least {@link TOAST_SWIPE_THRESHOLD_PX} from where it was
 * grabbed it is dismissed, released nearer it snaps back.
 *
 * The drag moves the inner content, not the root: notistack's slide transition owns the root's
 * `transform`. The content keeps `role="alert"` from `MaterialDesignContent`, so screen readers
 * announce each toast.
 */
export const SwipeableToast = forwardRef<HTMLDivElement, CustomContentProps>(
  function SwipeableToast(props, ref) {
    const { closeSnackbar } = useSnackbar();
    const theme = useTheme();
    const drag = useRef<DragStart | null>(null);
    const [offsetX, setOffsetX] = useState(0);
    const [phase, setPhase] = useState<SwipePhase>('idle');

    const handlePointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
      if (phase === 'dismissed' || !event.isPrimary) return;
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      drag.current = { pointerId: event.pointerId, startX: event.clientX };
    };

    const handlePointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
      const start = drag.current;
      if (start == null || start.pointerId !== event.pointerId) return;
      const dx = event.clientX - start.startX;
      if (phase !== 'dragging') {
        if (Math.abs(dx) < DRAG_START_SLOP_PX) return;
        // Keeps the moves coming when the finger leaves the toast; optional because jsdom lacks it.
        event.currentTarget.setPointerCapture?.(event.pointerId);
        setPhase('dragging');
      }
      setOffsetX(dx);
    };

    const endDrag = (event: ReactPointerEvent<HTMLDivElement>, released: boolean) => {
      const start = drag.current;
      if (start == null || start.pointerId !== event.pointerId) return;
      drag.current = null;
      const dx = event.clientX - start.startX;
      if (released && Math.abs(dx) >= TOAST_SWIPE_THRESHOLD_PX) {
        setOffsetX(dx);
        setPhase('dismissed');
        closeSnackbar(props.id);
      } else {
        setOffsetX(0);
        setPhase('idle');
      }
    };

    const contentStyle: CSSProperties = {
      ...props.style,
      // The theme's colours, readable in both modes (notistack's own green is 3.3:1 with white).
      ...toastColors(theme, props.variant),
      transform:
        phase === 'dismissed'
          ? `translateX(calc(${offsetX}px ${offsetX < 0 ? '-' : '+'} 100%))`
          : offsetX === 0
            ? undefined
            : `translateX(${offsetX}px)`,
      transition: phase === 'dragging' ? 'none' : phase === 'dismissed' ? FLY_OUT : SNAP_BACK,
      opacity: phase === 'dismissed' ? 0 : undefined,
    };

    return (
      <div
        ref={ref}
        data-swipe={phase}
        // Horizontal finger moves are ours; vertical ones still scroll the page.
        style={{ touchAction: 'pan-y', userSelect: phase === 'dragging' ? 'none' : undefined }}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={(event) => endDrag(event, true)}
        onPointerCancel={(event) => endDrag(event, false)}
        onLostPointerCapture={(event) => endDrag(event, false)}
      >
        <MaterialDesignContent {...props} style={contentStyle} />
      </div>
    );
  },
);

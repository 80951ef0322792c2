/**
 * A JSON body already serialised: the REST layer sends its text as is instead of stringifying it
 * again (the whole-catalogue `exchangeInfo` is a couple of MB, built once per status change).
 */
export class JsonText {
  constructor(readonly text: string) {}
}

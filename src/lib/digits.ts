/**
 * Digits as people here type them: a Bangla keyboard writes ০১৭১২৩৪৫৬৭৮ for 01712345678. Fields that
 * hold numbers (a phone, an IEEE member number) take either and store the ASCII digits, so a search, the
 * CSV and the door read one spelling.
 */
const BENGALI_ZERO = 0x09e6;

/** The text with every Bengali digit (০ to ৯) written as its ASCII digit; everything else as it was. */
export const toAsciiDigits = (text: string): string =>
  text.replace(/[\u09e6-\u09ef]/g, (digit) => String(digit.charCodeAt(0) - BENGALI_ZERO));

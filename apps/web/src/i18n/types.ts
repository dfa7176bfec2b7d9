import type { ERROR_CODES } from '@wager/contracts';
import type ko from './locales/ko.ts';

export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** The shape every language file must fill: Korean's keys, any strings. */
export type Messages = DeepStrings<typeof ko>;

/** Fails to compile when a contract error code has no translation. */
type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
type MissingErrorKeys = Exclude<ErrorCode, keyof Messages['errors']>;
export const everyErrorCodeTranslated: [MissingErrorKeys] extends [never] ? true : MissingErrorKeys = true;

/** An area's strings in another language: the Korean file's keys, any strings. */
export type AreaMessages<T> = DeepStrings<T>;

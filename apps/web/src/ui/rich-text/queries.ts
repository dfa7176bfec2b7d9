import type { CallBody } from '@wager/contracts';
import { call } from '../../api/client.ts';

/** Spec §7 getSignedUrl: any signed-in site (the server checks the token of the page's audience). */
export const requestUploadUrl = (fileExt: CallBody<'/api/upload/getSignedUrl'>['file_ext']) => call('/api/upload/getSignedUrl', { file_ext: fileExt });

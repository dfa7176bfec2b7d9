/** Messages, inquiries, board, uploads (issue 3): owned by the community work. */
export const communityCalls = {} as const;

/** Every back-office list pages by 20 rows; `skipOf` turns a 1-based page into the server's skip. */
export const PER_PAGE = 20;
export const skipOf = (page: number) => (page - 1) * PER_PAGE;

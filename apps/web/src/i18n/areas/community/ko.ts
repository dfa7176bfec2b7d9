/** Korean source strings for the community screens; other languages must have the same keys. */
const ko = {
  title: 'community',
};

export default ko;

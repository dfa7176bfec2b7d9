/** Korean source strings for the money screens; other languages must have the same keys. */
const ko = {
  title: 'money',
};

export default ko;

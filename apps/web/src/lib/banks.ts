/** Spec §3 bank list: short Korean names, sent to the server as written. */
export const BANKS = [
  '농협', '국민', '우리', '신한', '케이뱅크', '하나', '카카오뱅크', '토스뱅크', '대구', '부산', '경남', '광주', '전북', '제주',
  '기업', '산업', '수협', '새마을', '신협', '우체국', '수출입', 'HSBC', '도이치', '씨티', '조흥', 'SC제일', '한미',
] as const;

import { hash, verify } from '@node-rs/argon2';

// Argon2id (algorithm 2). Memory cost comes from config so tests can run cheaply.
let memoryCost = Number(process.env.ARGON_MEMORY_KIB ?? 19456);
export function setPasswordCost(kib: number) {
  memoryCost = kib;
}

export const hashPassword = (plain: string) => hash(plain, { algorithm: 2, memoryCost, timeCost: 2, parallelism: 1 });

export async function verifyPassword(stored: string | null | undefined, plain: string): Promise<boolean> {
  if (!stored) {
    // Spend the same time when the account does not exist, so timing does not reveal it.
    await hashPassword(plain);
    return false;
  }
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

import { readLocal, readSession, writeLocal, writeSession } from '../lib/storage.ts';

/** Browser-kept partner preferences (spec §3): agent_darkmode and menuMap; isSoundOff is lib/sound.ts, shared with the member site. */
export function isDarkMode(): boolean {
  return readLocal('agent_darkmode') === 'true';
}

/** Spec §2: the dark-mode switch is saved, then the page reloads. */
export function toggleDarkMode(): void {
  writeLocal('agent_darkmode', String(!isDarkMode()));
  window.location.reload();
}

export type MenuMap = Record<string, boolean>;

export function readMenuMap(): MenuMap {
  try {
    const parsed: unknown = JSON.parse(readSession('menuMap') ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as MenuMap) : {};
  } catch {
    return {};
  }
}

export function writeMenuMap(map: MenuMap): void {
  writeSession('menuMap', JSON.stringify(map));
}

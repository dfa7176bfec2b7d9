import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WALLET_MODES, type GameSettings, type WalletMode } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { ErrorText } from '../../ui/backoffice/error-text.tsx';
import { LevelSettingsGrid } from '../../ui/backoffice/level-settings-grid.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { Loading } from '../../ui/states.tsx';
import { Badge } from '../ops/shared.tsx';
import { toForm, toPatch, type MinigameSettingsForm } from './minigame-settings/form.ts';
import { useGameSettings, useUpdateGameSettings } from './minigame-settings/queries.ts';
import { useCasinoVendors, useUpdateCasinoVendor } from './casino/queries.ts';

type VendorRow = {
  code: string;
  name: string;
  lobby_id: number;
  enabled: boolean;
  wallet_mode: WalletMode;
  effective_mode: WalletMode;
  skin: number;
  skin_levels: number;
  product_types: ('casino' | 'slot')[];
};

/** §9 "betting limit and skin per vendor": enabled, wallet mode, skin, and per-level limits of each vendor's casino/slot game key. */
export function CasinoVendorsPage() {
  const { t } = useTranslation();
  const vendors = useCasinoVendors();
  const [picked, setPicked] = useState<string | null>(null);
  const rows = vendors.data?.vendors ?? [];
  const current = rows.find((v) => v.code === picked) ?? rows[0];
  return (
    <BackofficePage title={t('adminGames.casino.vendors.title')} testId="admin-casino-vendors">
      <p className="ad-note">{t('adminGames.casino.vendors.intro')}</p>
      {vendors.data?.is_seamless && <p className="ad-note">{t('adminGames.casino.vendors.globalSeamless')}</p>}
      {vendors.isPending && <Loading />}
      {vendors.isError && <ErrorText error={vendors.error} />}
      {rows.length > 0 && (
        <div className="ad-table-wrap">
          <table className="ad-table ad-ops-dense">
            <thead>
              <tr>
                <th>{t('adminGames.casino.vendors.cols.vendor')}</th>
                <th className="num">{t('adminGames.casino.vendors.cols.lobby')}</th>
                <th>{t('adminGames.casino.vendors.cols.products')}</th>
                <th>{t('adminGames.casino.vendors.cols.enabled')}</th>
                <th>{t('adminGames.casino.vendors.cols.mode')}</th>
                <th>{t('adminGames.casino.vendors.cols.effective')}</th>
                <th>{t('adminGames.casino.vendors.cols.skin')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((v) => (
                <VendorLine key={`${v.code}:${v.enabled}:${v.wallet_mode}:${v.skin}`} vendor={v} selected={v === current} onPick={() => setPicked(v.code)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {current &&
        current.product_types.map((type) => (
          <LimitsEditor
            key={`${type}:${current.code}`}
            gameKey={`${type}:${current.code}`}
            title={`${current.name} · ${t(`adminGames.casino.types.${type}`)}`}
          />
        ))}
    </BackofficePage>
  );
}

function VendorLine({ vendor, selected, onPick }: { vendor: VendorRow; selected: boolean; onPick: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateCasinoVendor();
  const [form, setForm] = useState({ enabled: vendor.enabled, wallet_mode: vendor.wallet_mode, skin: vendor.skin });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const dirty = form.enabled !== vendor.enabled || form.wallet_mode !== vendor.wallet_mode || form.skin !== vendor.skin;
  async function save() {
    setMessage(null);
    const answer = await update.mutateAsync({ code: vendor.code, ...form });
    setMessage(answer.result ? { ok: true, text: t('adminGames.casino.saved') } : { ok: false, text: errorText(answer.error) });
  }
  return (
    <tr className={selected ? 'is-selected' : undefined} data-testid="casino-vendor-row" data-vendor={vendor.code}>
      <td>
        <button type="button" className="ad-link" onClick={onPick}>
          {vendor.name}
        </button>
        <div className="ad-muted mono">{vendor.code}</div>
      </td>
      <td className="num mono">{vendor.lobby_id}</td>
      <td>{vendor.product_types.map((p) => t(`adminGames.casino.types.${p}`)).join(', ')}</td>
      <td>
        <input
          type="checkbox"
          checked={form.enabled}
          aria-label={t('adminGames.casino.vendors.cols.enabled')}
          data-testid="casino-vendor-enabled"
          onChange={(e) => setForm((f) => ({ ...f, enabled: e.target.checked }))}
        />
      </td>
      <td>
        <select
          className="ui-input"
          value={form.wallet_mode}
          data-testid="casino-vendor-mode"
          aria-label={t('adminGames.casino.vendors.cols.mode')}
          onChange={(e) => setForm((f) => ({ ...f, wallet_mode: e.target.value as WalletMode }))}
        >
          {WALLET_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`adminGames.casino.modes.${m}`)}
            </option>
          ))}
        </select>
      </td>
      <td>
        <Badge tone={vendor.effective_mode === 'seamless' ? 'ok' : 'warn'} testId="casino-vendor-effective">
          {t(`adminGames.casino.modes.${vendor.effective_mode}`)}
        </Badge>
      </td>
      <td>
        <select
          className="ui-input"
          value={form.skin}
          aria-label={t('adminGames.casino.vendors.cols.skin')}
          data-testid="casino-vendor-skin"
          onChange={(e) => setForm((f) => ({ ...f, skin: Number(e.target.value) }))}
        >
          {Array.from({ length: vendor.skin_levels }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {t('adminGames.casino.vendors.skinN', { n })}
            </option>
          ))}
        </select>
      </td>
      <td>
        <button
          type="button"
          className="ui-btn ui-btn-primary ui-btn-sm"
          disabled={!dirty || update.isPending}
          onClick={() => void save()}
          data-testid="casino-vendor-save"
        >
          {t('adminGames.casino.save')}
        </button>
        {message && <span className={message.ok ? 'ad-ok' : 'ad-error'}>{message.text}</span>}
      </td>
    </tr>
  );
}

const LIMIT_COLS = ['min_bet', 'max_bet', 'max_win'] as const;

/** Per-level betting limits of one vendor game key (`casino:<vendor>` / `slot:<vendor>`), the generic game settings. */
function LimitsEditor({ gameKey, title }: { gameKey: string; title: string }) {
  const query = useGameSettings(gameKey);
  return <QueryState query={query}>{(data) => <LimitsForm gameKey={gameKey} title={title} settings={data.settings} />}</QueryState>;
}

function LimitsForm({ gameKey, title, settings }: { gameKey: string; title: string; settings: GameSettings }) {
  const { t } = useTranslation();
  const update = useUpdateGameSettings();
  const [form, setForm] = useState<MinigameSettingsForm>(() => toForm(settings));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => setForm(toForm(settings)), [settings]);
  async function save() {
    setMessage(null);
    const result = toPatch(form);
    if ('problem' in result) return setMessage({ ok: false, text: t('adminGames.casino.limits.invalid', { field: result.problem.field }) });
    const { betting_allowed, levels } = result.patch;
    const answer = await update.mutateAsync({ game: gameKey, settings: { betting_allowed, levels } });
    setMessage(answer.result ? { ok: true, text: t('adminGames.casino.saved') } : { ok: false, text: errorText(answer.error) });
  }
  return (
    <section className="ad-panel ad-form" data-testid="casino-limits" data-game={gameKey}>
      <h2 className="ad-subhead">
        {title} <span className="ad-muted mono">{gameKey}</span>
      </h2>
      <label className="ad-check">
        <input type="checkbox" checked={form.betting_allowed} onChange={(e) => setForm((f) => ({ ...f, betting_allowed: e.target.checked }))} />
        {t('adminGames.casino.limits.bettingAllowed')}
      </label>
      <LevelSettingsGrid
        levels={form.levels}
        fields={LIMIT_COLS}
        onChange={(l, patch) => setForm((f) => ({ ...f, levels: { ...f.levels, [l]: { ...f.levels[l], ...patch } } }))}
        levelLabel={(l) => t('adminGames.casino.limits.levelN', { n: l })}
        fieldLabel={(c) => t(`adminGames.casino.limits.${c}`)}
        allowedLabel={t('adminGames.casino.limits.allowed')}
        levelHeader={t('adminGames.casino.limits.level')}
        testIdPrefix="casino-limit"
        tableClassName="ad-ops-dense"
      />
      <div className="ad-form-actions">
        {message && <span className={message.ok ? 'ad-ok' : 'ad-error'}>{message.text}</span>}
        <button type="button" className="ui-btn ui-btn-primary" disabled={update.isPending} onClick={() => void save()} data-testid="casino-limits-save">
          {t('adminGames.casino.save')}
        </button>
      </div>
    </section>
  );
}

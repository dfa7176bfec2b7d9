import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { NumberFields } from '../../ui/backoffice/number-fields.tsx';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { SaveBar, type SaveMessage } from '../../ui/backoffice/save-bar.tsx';
import { ToggleGrid } from '../../ui/backoffice/toggle-grid.tsx';
import { useSettings, useUpdateSettings } from './queries.ts';
import './sports-admin.css';

const BANS = ['single_banned', 'two_folder_banned', 'multi_folder_banned', 'hedge_banned', 'same_game_banned', 'special_combo_banned'] as const;
type Block = Record<(typeof BANS)[number], boolean> & { max_folders: number; combo_odds_threshold: number | null; combo_min_count: number };
type Form = Record<(typeof BANS)[number], boolean> & { max_folders: string; combo_odds_threshold: string; combo_min_count: string; high_bet_amount: string };

const whole = (s: string, min: number, max: number) => (/^\d+$/.test(s.trim()) && Number(s) >= min && Number(s) <= max ? Number(s) : null);

/** Betting block settings (the `sports_block` setting, spec §2) and the high-value bet threshold. */
export function SportsBlockPage() {
  const { t } = useTranslation();
  const query = useSettings();
  return (
    <BackofficePage title={t('adminSports.block.title')} testId="admin-sports-block" className="sa-page">
      <p className="ad-note">{t('adminSports.block.intro')}</p>
      <QueryState query={query}>
        {(data) => <BlockForm block={data.settings.sports_block as Block} high={Number(data.settings.high_bet_amount ?? 1_000_000)} />}
      </QueryState>
    </BackofficePage>
  );
}

function BlockForm({ block, high }: { block: Block; high: number }) {
  const { t } = useTranslation();
  const update = useUpdateSettings();
  const initial = (): Form => ({
    ...block,
    max_folders: String(block.max_folders),
    combo_odds_threshold: block.combo_odds_threshold === null ? '' : String(block.combo_odds_threshold),
    combo_min_count: String(block.combo_min_count),
    high_bet_amount: String(high),
  });
  const [form, setForm] = useState<Form>(initial);
  const [message, setMessage] = useState<SaveMessage | null>(null);
  const field = (k: string) => (k === 'high_bet_amount' ? t('adminSports.block.highBet') : t(`adminSports.block.fields.${k as 'max_folders'}`));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const maxFolders = whole(form.max_folders, 1, 20);
    const minCount = whole(form.combo_min_count, 1, 20);
    const high = whole(form.high_bet_amount.replace(/,/g, ''), 0, 1e15);
    const th = form.combo_odds_threshold.trim();
    const threshold = th === '' ? null : /^\d+(\.\d{1,2})?$/.test(th) && Number(th) >= 1 && Number(th) <= 100 ? Number(th) : undefined;
    const bad =
      maxFolders === null
        ? 'max_folders'
        : minCount === null
          ? 'combo_min_count'
          : threshold === undefined
            ? 'combo_odds_threshold'
            : high === null
              ? 'high_bet_amount'
              : null;
    if (bad) return setMessage({ ok: false, text: t('adminSports.common.invalid', { field: field(bad) }) });
    const sports_block = {
      ...Object.fromEntries(BANS.map((b) => [b, form[b]])),
      max_folders: maxFolders,
      combo_odds_threshold: threshold,
      combo_min_count: minCount,
    };
    const a = await update.mutateAsync({ settings: { sports_block, high_bet_amount: high } as never });
    setMessage(a.result ? { ok: true, text: t('adminSports.common.saved') } : { ok: false, text: errorText(a.error) });
  }

  return (
    <form className="ad-panel ad-form" onSubmit={submit} data-testid="sa-block-form">
      <ToggleGrid
        keys={BANS}
        values={form}
        onChange={(k, on) => setForm((f) => ({ ...f, [k]: on }))}
        label={(k) => t(`adminSports.block.fields.${k}`)}
        testId={(k) => `sa-block-${k}`}
      />
      <NumberFields
        className="sa-fields"
        keys={['max_folders', 'combo_odds_threshold', 'combo_min_count', 'high_bet_amount'] as const}
        values={form}
        onChange={(k, v) => setForm((f) => ({ ...f, [k]: v }))}
        label={field}
        testId={(k) => `sa-block-${k}`}
        inputClassName="ui-input sa-num"
        inputMode="decimal"
      />
      <SaveBar
        message={message}
        messageTestId="sa-block-message"
        saveTestId="sa-block-save"
        saving={update.isPending}
        onReset={() => setForm(initial())}
        labels={{ save: t('adminSports.common.save'), saving: t('adminSports.common.saving'), reset: t('adminSports.common.reset') }}
      />
    </form>
  );
}

import type { ReactNode } from 'react';
import { useSkin } from './skin.tsx';

/** A row of tabs over a list (statuses, kinds, boards); `testId` names each tab for the browser tests. */
export function Tabs<K extends string>({
  tabs,
  value,
  onChange,
  label,
  testId,
  className,
}: {
  tabs: readonly K[];
  value: K;
  onChange: (tab: K) => void;
  label: (tab: K) => ReactNode;
  testId?: (tab: K) => string;
  className?: string;
}) {
  const { prefix } = useSkin();
  return (
    <div className={className ? `${prefix}-tabs ${className}` : `${prefix}-tabs`} role="tablist">
      {tabs.map((k) => (
        <button
          key={k}
          type="button"
          role="tab"
          aria-selected={k === value}
          className={k === value ? `${prefix}-tab is-active` : `${prefix}-tab`}
          data-testid={testId?.(k)}
          onClick={() => onChange(k)}
        >
          {label(k)}
        </button>
      ))}
    </div>
  );
}

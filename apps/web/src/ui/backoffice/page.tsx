import type { FormEvent, ReactNode } from 'react';
import { useSkin } from './skin.tsx';

/** A back-office screen: its title with the filters beside it, then the screen's parts. */
export function BackofficePage({
  title,
  filters,
  testId,
  className,
  children,
}: {
  title: ReactNode;
  filters?: ReactNode;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  const { prefix } = useSkin();
  return (
    <section className={className ? `${prefix}-page ${className}` : `${prefix}-page`} data-testid={testId}>
      <div className={`${prefix}-title-row`}>
        <h1 className={`${prefix}-title`}>{title}</h1>
        {filters}
      </div>
      {children}
    </section>
  );
}

/** The filter bar beside a title: a form when it submits (search), else a plain row. */
export function Filters({ onSubmit, children }: { onSubmit?: (e: FormEvent) => void; children: ReactNode }) {
  const { prefix } = useSkin();
  if (!onSubmit) return <div className={`${prefix}-filters`}>{children}</div>;
  return (
    <form className={`${prefix}-filters`} onSubmit={onSubmit}>
      {children}
    </form>
  );
}

import { useMutation } from '@apollo/client/react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { ImportProductsDocument, type ImportProductsMutation } from '../../../__generated__/graphql.ts';
import { acceptPayload } from '../../../app/user-errors.ts';
import { Permitted } from '../../../auth/permissions.tsx';
import { Button } from '../../../components/Button.tsx';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import type { MessageId } from '../../../i18n/message-ids.ts';
import { DEFAULT_UPLOAD_MAX_BYTES } from '../../user-center/avatar.ts';
import { Actions, Screen } from '../ui.tsx';
import { ImportReport } from './ImportReport.tsx';
import { OrderExport } from './OrderExport.tsx';
import { checkSheetFile, PRODUCT_EXPORT_URL, TEMPLATE_URL, uploadSheet } from './upload.ts';
import './import-messages.ts'; // this chunk's texts

type Report = ImportProductsMutation['importProducts'];

/** Where the wizard is: nothing checked yet, a checked sheet (with its stored name), or imported. */
type Step =
  | { kind: 'choose' }
  | { kind: 'checked'; fullfilename: string; report: Report }
  | { kind: 'done'; report: Report };

/**
 * The import wizard: download the template, upload a sheet and check it (a dry run: every bad row
 * by row and column, in the admin's language), then import it in one go; and the exports. The
 * chosen file stays chosen when a check fails, so fixing and checking again is one click.
 */
export default function AdminImportPage() {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const fileHint = useId();
  const [run] = useMutation(ImportProductsDocument);

  const importSheet = async (fullfilename: string, dryRun: boolean) =>
    acceptPayload((await run({ variables: { input: { fullfilename, dryRun } } })).data?.importProducts);

  const onCheck = async (event: FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) return setProblem(t('excel.upload.choose'));
    const refused = checkSheetFile(file, DEFAULT_UPLOAD_MAX_BYTES);
    if (refused) return setProblem(t(refused.id, 'values' in refused ? refused.values : undefined));
    setProblem(null);
    setBusy(true);
    try {
      const fullfilename = await uploadSheet(file, intl.locale);
      setStep({ kind: 'checked', fullfilename, report: await importSheet(fullfilename, true) });
    } catch (error) {
      // A refused file (an old .xls, too many rows) is a toast already; an upload failure is said here.
      if (!(error instanceof Error && error.name === 'MutationRefused')) {
        setProblem((error as Error).message || t('excel.upload.failed'));
      }
      setStep({ kind: 'choose' });
    } finally {
      setBusy(false);
    }
  };

  const onImport = async () => {
    if (step.kind !== 'checked') return;
    setBusy(true);
    try {
      const report = await importSheet(step.fullfilename, false);
      setStep(report.imported ? { kind: 'done', report } : { ...step, report });
    } catch {
      // the refusal is already a toast
    } finally {
      setBusy(false);
    }
  };

  const checked = step.kind === 'checked' ? step.report : null;
  const problems = checked?.problems ?? [];
  return (
    <Screen aria-labelledby={titleId}>
      <h1 id={titleId}>{t('excel.title')}</h1>
      <Permitted code="product:import" fallback={<p>{t('excel.noPermission')}</p>}>
        <h2>{t('excel.template.title')}</h2>
        <p>{t('excel.template.hint')}</p>
        <Actions>
          <ButtonLink href={TEMPLATE_URL} download>
            {t('excel.template.link')}
          </ButtonLink>
        </Actions>

        <h2>{t('excel.upload.title')}</h2>
        <form method="post" encType="multipart/form-data" onSubmit={onCheck} noValidate>
          <p>
            <label>
              {t('excel.upload.file')}{' '}
              <input
                ref={fileInput}
                type="file"
                name="file"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-describedby={problem ? fileHint : undefined}
                aria-invalid={problem ? true : undefined}
                onChange={() => setProblem(null)}
              />
            </label>
          </p>
          {problem && (
            <p id={fileHint} role="alert">
              {problem}
            </p>
          )}
          <Button type="submit" variant="primary" loading={busy && step.kind === 'choose'} disabled={busy}>
            {busy && step.kind === 'choose' ? t('excel.upload.checking') : t('excel.upload.check')}
          </Button>
        </form>

        <div aria-live="polite">
          {checked && (
            <p>
              {problems.length
                ? t('excel.report.summary', {
                    total: checked.total ?? 0,
                    valid: checked.valid ?? 0,
                    problems: problems.length,
                  })
                : t('excel.report.allGood', { valid: checked.valid ?? 0 })}
            </p>
          )}
          {step.kind === 'done' && (
            <p>
              <strong>{t('excel.import.done', { count: step.report.imported ?? 0 })}</strong>{' '}
              <Link to="/admin/products">{t('excel.import.toProducts')}</Link>
            </p>
          )}
        </div>
        {problems.length > 0 && (
          <>
            <p>{t('excel.report.fixHint')}</p>
            <ImportReport problems={problems} />
          </>
        )}
        {checked && problems.length === 0 && (checked.valid ?? 0) > 0 && (
          <>
            <h2>{t('excel.import.title')}</h2>
            <Button variant="primary" onClick={onImport} loading={busy} disabled={busy}>
              {t('excel.import.run', { count: checked.valid ?? 0 })}
            </Button>
          </>
        )}
        {step.kind === 'done' && (
          <Button onClick={() => setStep({ kind: 'choose' })}>{t('excel.import.again')}</Button>
        )}
      </Permitted>

      <h2>{t('excel.export.title')}</h2>
      <Permitted code="product:export">
        <Actions>
          <ButtonLink href={PRODUCT_EXPORT_URL} download>
            {t('excel.export.products')}
          </ButtonLink>
        </Actions>
      </Permitted>
      <Permitted code="order:export">
        <OrderExport />
      </Permitted>
    </Screen>
  );
}

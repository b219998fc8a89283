import { useIntl } from 'react-intl';
import { Button } from '../../components/Button.tsx';
import { useToast } from '../../components/toast.tsx';

/** Copies `text` to the clipboard: '复制成功' on success, '复制失败' when the browser refuses. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const intl = useIntl();
  const toast = useToast();
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      toast.success(intl.formatMessage({ id: 'order.copied' }));
    } catch {
      toast.error(intl.formatMessage({ id: 'order.copyFailed' }));
    }
  };
  return (
    <Button size="sm" aria-label={label} onClick={() => void copy()}>
      {intl.formatMessage({ id: 'order.copyShort' })}
    </Button>
  );
}

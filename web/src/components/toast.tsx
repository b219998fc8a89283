import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';

export type ToastType = 'success' | 'error' | 'warning' | 'info';
/** SPEC §9: a toast stays 3000 ms. */
export const TOAST_DURATION_MS = 3000;

export interface ToastApi {
  success: (text: string) => void;
  error: (text: string) => void;
  warning: (text: string) => void;
  info: (text: string) => void;
  show: (type: ToastType, text: string) => void;
}

interface ToastState {
  id: number;
  type: ToastType;
  text: string;
}

const noop = () => {};
const ToastContext = createContext<ToastApi>({
  success: noop,
  error: noop,
  warning: noop,
  info: noop,
  show: noop,
});

/** Toasts outside React (the Apollo error link): set by the mounted ToastProvider. */
let globalToast: ToastApi | null = null;
export function toastOutsideReact(type: ToastType, text: string): void {
  globalToast?.show(type, text);
}

/** Envelope / GraphQL `type` (1 success, 2 error, 3 warning) → toast type (default error). */
export function toastTypeOf(type: unknown): ToastType {
  if (type === 1 || type === 'SUCCESS' || type === 'success') return 'success';
  if (type === 3 || type === 'WARNING' || type === 'warning') return 'warning';
  return 'error';
}

const Region = styled.div`
  position: fixed;
  top: ${({ theme }) => theme.layout.headerHeight + 12}px;
  left: 50%;
  transform: translateX(-50%);
  z-index: ${({ theme }) => theme.zIndex.toast};
  pointer-events: none;
  max-width: min(90vw, 480px);
`;

const Message = styled.div<{ $type: ToastType }>`
  pointer-events: auto;
  padding: 10px 16px;
  border-radius: ${({ theme }) => theme.radii.md}px;
  box-shadow: ${({ theme }) => theme.shadows.popup};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-left: 4px solid ${({ theme, $type }) => theme.colors[$type]};
  font-size: ${({ theme }) => theme.fontSizes.md}px;
`;

/** Shows one message at a time: a new one replaces the previous; each stays 3 s. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const counter = useRef(0);

  const show = useCallback((type: ToastType, text: string) => {
    if (!text) return;
    clearTimeout(timer.current);
    counter.current += 1;
    setToast({ id: counter.current, type, text });
    timer.current = setTimeout(() => setToast(null), TOAST_DURATION_MS);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (text) => show('success', text),
      error: (text) => show('error', text),
      warning: (text) => show('warning', text),
      info: (text) => show('info', text),
    }),
    [show],
  );

  useEffect(() => {
    globalToast = api;
    return () => {
      if (globalToast === api) globalToast = null;
    };
  }, [api]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastRegion toast={toast} />
    </ToastContext.Provider>
  );
}

function ToastRegion({ toast }: { toast: ToastState | null }) {
  const intl = useIntl();
  return (
    <Region
      role="status"
      aria-live="polite"
      aria-atomic="true"
      aria-label={intl.formatMessage({ id: 'kit.notifications' })}
    >
      {toast && (
        <Message key={toast.id} $type={toast.type} data-type={toast.type}>
          {toast.text}
        </Message>
      )}
    </Region>
  );
}

export function useToast(): ToastApi {
  return useContext(ToastContext);
}

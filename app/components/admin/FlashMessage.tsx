export function FlashMessage({ flash }: { flash: { kind: 'success' | 'error' | 'info'; text: string } }) {
  return (
    <p className={`admin-flash admin-flash--${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
      {flash.text}
    </p>
  );
}

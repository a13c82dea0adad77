/** File size as the spec shows it: under 1024 bytes "N B", under 1 MB "N.N KB", else "N.N MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const money = new Intl.NumberFormat('es-DO', { style: 'currency', currency: 'DOP' });

/** Integer centavos as RD$ with two decimals (PRODUCT.md): formatMoney(1250050) -> "RD$12,500.50". */
export const formatMoney = (centavos: number) => money.format(centavos / 100);

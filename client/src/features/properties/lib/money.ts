/** Centavos as the RD$ amount a form input shows ('' when none): 150050 -> '1500.5'. */
export const pesosText = (centavos: number | null | undefined) => (centavos === null || centavos === undefined ? '' : String(centavos / 100));

/** RD$ typed in a form (a number after validation) as integer centavos. */
export const toCentavos = (pesos: number | null | undefined) => (pesos === null || pesos === undefined ? pesos : Math.round(pesos * 100));

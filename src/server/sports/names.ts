/** A name without accents or case: "Bruno Fernandes" and "Bruno Fernándes" are one name. */
export const nameKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

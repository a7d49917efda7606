/**
 * The text of a `<script type="application/ld+json">` block: JSON with every `<` escaped, so a title
 * holding `</script>` cannot end the block and start markup.
 */
export const jsonLdText = (data: object): string => JSON.stringify(data).replace(/</g, '\\u003c');

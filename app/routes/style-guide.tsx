export const handle = { i18n: ["style-guide"] };

export default function StyleGuide() {
  return <main />;
}

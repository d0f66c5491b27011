/**
 * The eight legal pages of behaviour.md §2, in footer order (their text is content, see
 * server/content).
 */
export { LEGAL_PAGES as legalPages, type LegalPage } from "../../common/legal-pages";

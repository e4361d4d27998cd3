export {
  complianceExportUrl,
  complianceKeys,
  documentFileUrl,
  useComplianceList,
  useComplianceSummary,
  useSupplierDocuments,
} from "./api";
export { ComplianceAttentionCard } from "./attention-card";
export { DocumentFormDialog, type DocumentDialogTarget } from "./document-form-dialog";
export { SiteSafetyCard } from "./site-safety-card";
export { missingDocuments, StartAnywayDialog } from "./start-anyway-dialog";
export { ComplianceStateBadge } from "./state-badge";
export { SupplierDocumentsCard } from "./supplier-documents-card";

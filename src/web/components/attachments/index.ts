export { AttachmentsPanel, type AttachmentsPanelProps } from "./attachments-panel";
export { attachmentKeys, fileUrl } from "./api";

export {
  LINK_SLOT,
  listOutbox,
  queueMail,
  sendMail,
  type MailAttachment,
  type MailConfig,
  type MailMessage,
  type MailResult,
} from "./mail";

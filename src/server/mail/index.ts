export {
  LINK_SLOT,
  listOutbox,
  sendMail,
  type MailAttachment,
  type MailConfig,
  type MailMessage,
  type MailResult,
} from "./mail";

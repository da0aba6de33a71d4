// The wire types of /admin-api, generated from openapi/warden-admin.yaml (npm run types, run by the build): a change
// of the contract that the UI's typed code relies on fails `tsc --noEmit`, i.e. the Maven build.
import type { components } from "./generated/admin-api";

type Schemas = components["schemas"];
export type Catalog = Schemas["Catalog"];
export type ResourceInfo = Schemas["ResourceInfo"];
export type ColumnInfo = Schemas["ColumnInfo"];
export type Row = Schemas["Row"];
export type Me = Schemas["Me"];
export type ErrorBody = Schemas["Error"];
export type SavedView = Schemas["SavedView"];
export type SavedViewInput = Schemas["SavedViewInput"];
export type RelationInfo = Schemas["RelationInfo"];
export type ActionInfo = Schemas["ActionInfo"];
export type AdminIcon = Schemas["AdminIcon"];
export type AuthMethods = Schemas["AuthMethods"];
export type BootstrapRequest = Schemas["BootstrapRequest"];
export type Credentials = Schemas["Credentials"];
export type BanRequest = Schemas["BanRequest"];
export type BanResult = Schemas["BanResult"];
export type RevokeSessionsResult = Schemas["RevokeSessionsResult"];
export type UserSession = Schemas["UserSession"];
export type RelationCounts = Schemas["RelationCounts"];
export type ActionRequest = Schemas["ActionRequest"];
/** A column's type as the catalog names it. */
export type ColumnType = ColumnInfo["type"];
export type RowInput = Schemas["RowInput"];
export type PasswordResetRequest = Schemas["PasswordResetRequest"];
export type PasswordResetCompletion = Schemas["PasswordResetCompletion"];
export type SecondFactorStatus = Schemas["SecondFactorStatus"];
export type SecondFactorCode = Schemas["SecondFactorCode"];
export type TotpEnrolment = Schemas["TotpEnrolment"];
export type RecoveryCodes = Schemas["RecoveryCodes"];
export type StepUp = Schemas["StepUp"];
export type MfaRequired = Schemas["MfaRequired"];

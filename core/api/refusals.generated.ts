// Generated from openapi/portal.yaml by scripts/gen-refusals.ts (`npm run gen:api`): do not edit.
// The refusal codes each operation declares (its `x-refusals`) and the ones any operation can
// answer (`x-refusals-common`), docs/decisions/072.

/** Each operation's own refusals, one export per operation: `refusalsOf(POST_api_bill_card_change)`. */
/** GET /api/site/theme/v1 */
export const GET_api_site_theme_v1 = [] as const;
/** GET /api/site/get/config/v1 */
export const GET_api_site_get_config_v1 = [] as const;
/** GET /api/site/i18n/version */
export const GET_api_site_i18n_version = [] as const;
/** GET /api/site/i18n/message */
export const GET_api_site_i18n_message = [] as const;
/** GET /api/site/get/lang/address */
export const GET_api_site_get_lang_address = [] as const;
/** GET /api/site/dynamic/config/v1 */
export const GET_api_site_dynamic_config_v1 = [-3036] as const;
/** GET /api/site/contact-us/v1 */
export const GET_api_site_contact_us_v1 = [] as const;
/** GET /api/user/get/config/v1 */
export const GET_api_user_get_config_v1 = [] as const;
/** POST /api/user/login/v1 */
export const POST_api_user_login_v1 = [-3035, -3034, 5, 9, 17, 197, 4000, 4596, 7004] as const;
/** POST /api/user/code/login/v1 */
export const POST_api_user_code_login_v1 = [1, 2, 5, 9, 10, 11, 17, 197, 4000, 4597, 7004] as const;
/** POST /api/user/sso/v1 */
export const POST_api_user_sso_v1 = [1, 9, 21, 197, 201, 203, 4598, 7004] as const;
/** POST /api/user/signup/v1 */
export const POST_api_user_signup_v1 = [4, 5, 6, 8, 12, 13, 32, 187, 4000] as const;
/** POST /api/user/resetPasswd/v1 */
export const POST_api_user_resetPasswd_v1 = [5, 10, 11, 17, 4000, 4597] as const;
/** POST /api/user/changePassword/v1 */
export const POST_api_user_changePassword_v1 = [3, 5, 17, 4000] as const;
/** POST /api/user/sendVerificationCode/v1 */
export const POST_api_user_sendVerificationCode_v1 = [-3035, -3034, -3031, 1, 2, 5, 7, 17, 4000] as const;
/** POST /api/user/createRandCode/v1 */
export const POST_api_user_createRandCode_v1 = [] as const;
/** POST /api/user/nickname/v1 */
export const POST_api_user_nickname_v1 = [] as const;
/** POST /api/user/language/v1 */
export const POST_api_user_language_v1 = [] as const;
/** POST /api/user/bindEmail/v1 */
export const POST_api_user_bindEmail_v1 = [-3031, 8, 12, 187] as const;
/** POST /api/user/queryInfo/v1 */
export const POST_api_user_queryInfo_v1 = [6699] as const;
/** POST /api/user/loginOut/v1 */
export const POST_api_user_loginOut_v1 = [] as const;
/** POST /api/user/devices/signOut/v1 */
export const POST_api_user_devices_signOut_v1 = [8101] as const;
/** POST /api/user/devices/signOutOthers/v1 */
export const POST_api_user_devices_signOutOthers_v1 = [] as const;
/** GET /api/user/data/v1 */
export const GET_api_user_data_v1 = [] as const;
/** GET /api/user/data/v1/personal-data.pdf */
export const GET_api_user_data_v1_personal_data_pdf = [] as const;
/** POST /api/user/account/delete/v1 */
export const POST_api_user_account_delete_v1 = [17, 8701, 8702, 8703, 8704] as const;
/** GET /api/user/support/phone/v1 */
export const GET_api_user_support_phone_v1 = [-3036] as const;
/** POST /api/user/query/urv */
export const POST_api_user_query_urv = [-3031, 4000] as const;
/** POST /api/user/site/verify */
export const POST_api_user_site_verify = [-24050, -3031, 4598] as const;
/** GET /api/user/site/key */
export const GET_api_user_site_key = [] as const;
/** GET /api/user/google/client/v1 */
export const GET_api_user_google_client_v1 = [] as const;
/** POST /api/user/google/login/v1 */
export const POST_api_user_google_login_v1 = [-24050, 1, 9, 21, 187, 197, 4598, 7004] as const;
/** POST /api/user/google/signup/v1 */
export const POST_api_user_google_signup_v1 = [-24050, 6, 21, 187, 4598] as const;
/** POST /api/site/resetPasswordByEmail */
export const POST_api_site_resetPasswordByEmail = [-3035, -3034, -3031, 8] as const;
/** POST /api/site/resendConfirmation */
export const POST_api_site_resendConfirmation = [-3031] as const;
/** POST /api/site/obtain/resetPassword/email */
export const POST_api_site_obtain_resetPassword_email = [10302] as const;
/** POST /api/site/email/resetPassword */
export const POST_api_site_email_resetPassword = [10302] as const;
/** GET /api/site/send/resetPasswordEmail */
export const GET_api_site_send_resetPasswordEmail = [-3035, -3034, -3031, 8] as const;
/** POST /api/site/active/user */
export const POST_api_site_active_user = [10302] as const;
/** POST /api/site/bindEmailConfirmed */
export const POST_api_site_bindEmailConfirmed = [10303] as const;
/** GET /api/user/marketing/campaign/subscription */
export const GET_api_user_marketing_campaign_subscription = [] as const;
/** POST /api/job/renewInfo/v1 */
export const POST_api_job_renewInfo_v1 = [6201] as const;
/** POST /api/job/updateRenewStatus/v1 */
export const POST_api_job_updateRenewStatus_v1 = [-2511, 1020, 2002, 6201, 6202, 6204, 6206, 6207] as const;
/** POST /api/job/cancellation/offer/v1 */
export const POST_api_job_cancellation_offer_v1 = [6201, 6202, 6204, 6207, 8301] as const;
/** POST /api/job/cancellation/v1 */
export const POST_api_job_cancellation_v1 = [6201, 6202, 6204, 6207, 8301] as const;
/** POST /api/job/cancellation/accept/v1 */
export const POST_api_job_cancellation_accept_v1 = [6201, 6202, 6204, 6207, 8301, 8302] as const;
/** POST /api/job/pixAutomatico/v1 */
export const POST_api_job_pixAutomatico_v1 = [8603] as const;
/** POST /api/job/pixAutomatico/start/v1 */
export const POST_api_job_pixAutomatico_start_v1 = [8601, 8602, 8604] as const;
/** POST /api/job/pixAutomatico/cancel/v1 */
export const POST_api_job_pixAutomatico_cancel_v1 = [8603, 8605] as const;
/** POST /api/bill/card/change */
export const POST_api_bill_card_change = [-2511, 1020, 2002, 6201, 6206] as const;
/** POST /api/bill/orders/v1 */
export const POST_api_bill_orders_v1 = [] as const;
/** GET /api/bill/order/v1/{id} */
export const GET_api_bill_order_v1_id = [1001, 1040] as const;
/** GET /api/bill/order/v1/{id}/dispute */
export const GET_api_bill_order_v1_id_dispute = [1001, 8501] as const;
/** GET /api/bill/order/v1/{id}/receipt.pdf */
export const GET_api_bill_order_v1_id_receipt_pdf = [1001, 1040] as const;
/** GET /api/bill/order/v1/{id}/slip.pdf */
export const GET_api_bill_order_v1_id_slip_pdf = [1001, 1040] as const;
/** GET /api/bill/service/v1/{id} */
export const GET_api_bill_service_v1_id = [1001, 1040] as const;
/** GET /api/bill/payment/tip/v1 */
export const GET_api_bill_payment_tip_v1 = [1001] as const;
/** GET /api/bill/unbindDiscountCode/v1 */
export const GET_api_bill_unbindDiscountCode_v1 = [1001, 1003] as const;
/** POST /api/uploadObject/v1 */
export const POST_api_uploadObject_v1 = [-3031] as const;
/** POST /api/bill/order/upload/v1 */
export const POST_api_bill_order_upload_v1 = [-3031, 1001, 1040] as const;
/** POST /api/bill/order/remind/v1 */
export const POST_api_bill_order_remind_v1 = [-3031, 1001, 1040] as const;
/** POST /api/bill/order/receipt/mail/v1 */
export const POST_api_bill_order_receipt_mail_v1 = [-3031, 4, 1001, 1040] as const;
/** POST /api/bill/order/withdraw/v1 */
export const POST_api_bill_order_withdraw_v1 = [1001, 8401, 8402, 8403, 8404, 8405, 8407, 8408] as const;
/** POST /api/bill/order/withdraw/cancel/v1 */
export const POST_api_bill_order_withdraw_cancel_v1 = [1001, 8406] as const;
/** POST /api/bill/order/refund/v1 */
export const POST_api_bill_order_refund_v1 = [1001] as const;
/** POST /api/bill/payment/methods/v1 */
export const POST_api_bill_payment_methods_v1 = [-2408, 6001] as const;
/** POST /api/bill/listCard */
export const POST_api_bill_listCard = [] as const;
/** POST /api/bill/deleteCard */
export const POST_api_bill_deleteCard = [-2511, 1020, 1021] as const;
/** POST /api/bill/goodsValuation */
export const POST_api_bill_goodsValuation = [-2502, -2408, 1001, 1030, 6001] as const;
/** POST /api/bill/planChange/quote/v1 */
export const POST_api_bill_planChange_quote_v1 = [6001, 8201, 8202, 8204, 8206, 8208] as const;
/** POST /api/bill/planChange/v1 */
export const POST_api_bill_planChange_v1 = [8201, 8202, 8203, 8204, 8206, 8208] as const;
/** POST /api/bill/planChange/scheduled/v1 */
export const POST_api_bill_planChange_scheduled_v1 = [] as const;
/** POST /api/bill/planChange/undo/v1 */
export const POST_api_bill_planChange_undo_v1 = [8205] as const;
/** POST /api/bill/pay/v1 */
export const POST_api_bill_pay_v1 = [
  -3031, -2602, -2511, -2502, -2500, -2408, -2400, 301, 302, 306, 309, 312, 314, 315, 1015, 1020, 2003, 5003, 5015, 6000, 6001, 9000, 9001, 9002, 9003, 9004,
] as const;
/** POST /api/bill/repay/v1 */
export const POST_api_bill_repay_v1 = [
  -3031, -2602, -2511, -2502, -2500, -2408, -2400, 301, 302, 306, 309, 312, 314, 315, 1001, 1015, 1020, 2003, 5003, 5015, 6000, 6001, 8202, 8207, 8208, 9000,
  9001, 9002, 9003, 9004,
] as const;
/** POST /api/bill/payment/liQuiDo/confirm/v1 */
export const POST_api_bill_payment_liQuiDo_confirm_v1 = [-3033, -3032, 17, 302, 1001, 1040] as const;
/** GET /api/bill/getCheckCode/v1 */
export const GET_api_bill_getCheckCode_v1 = [] as const;
/** GET /api/site/plan/method/discount */
export const GET_api_site_plan_method_discount = [6001] as const;
/** POST /api/bill/installmentsPlan */
export const POST_api_bill_installmentsPlan = [-2408, 6001] as const;
/** GET /api/bill/payment/paypalCapture/v1/{id} */
export const GET_api_bill_payment_paypalCapture_v1_id = [1001, 1040, 2003] as const;
/** GET /api/site/contry/phone/areacode */
export const GET_api_site_contry_phone_areacode = [] as const;
/** POST /api/bill/payment/query/token */
export const POST_api_bill_payment_query_token = [-2502, 1001, 1015] as const;
/** POST /api/site/plan/convert */
export const POST_api_site_plan_convert = [-2408, 1030, 6001] as const;
/** POST /api/bill/payment-info/detail */
export const POST_api_bill_payment_info_detail = [1001, 1040] as const;
/** POST /api/bill/payment/crypto/v1 */
export const POST_api_bill_payment_crypto_v1 = [-3031, -2408, 1001, 1015, 2003, 5003, 9003] as const;
/** POST /api/bill/payment/useepay/customer/confirm/v1 */
export const POST_api_bill_payment_useepay_customer_confirm_v1 = [
  -3031, -2602, -2511, -2502, -2500, -2408, -2400, 301, 302, 306, 309, 312, 314, 315, 1001, 1015, 1020, 2003, 5003, 5015, 6000, 6001, 8202, 8207, 8208, 9000,
  9001, 9002, 9003, 9004,
] as const;
/** POST /api/bill/payment/useepay/customer/create/v1 */
export const POST_api_bill_payment_useepay_customer_create_v1 = [] as const;
/** GET /api/site/listPlans/v1 */
export const GET_api_site_listPlans_v1 = [] as const;
/** GET /api/site/banner/v1 */
export const GET_api_site_banner_v1 = [] as const;
/** POST /api/bill/query/cart */
export const POST_api_bill_query_cart = [1040] as const;
/** POST /api/site/report */
export const POST_api_site_report = [] as const;
/** GET /api/site/plan/detail/{id} */
export const GET_api_site_plan_detail_id = [6001] as const;
/** POST /api/site/checkPlanAvailable/v1 */
export const POST_api_site_checkPlanAvailable_v1 = [-2500, 6000, 6001] as const;
/** POST /api/bill/coupons/v1 */
export const POST_api_bill_coupons_v1 = [] as const;
/** POST /api/user/cloud/v1 */
export const POST_api_user_cloud_v1 = [] as const;
/** POST /api/user/cloud/delete/v1 */
export const POST_api_user_cloud_delete_v1 = [8001] as const;

/** Each operation's own refusals, by `<METHOD> <path>` as the contract writes it (the server and the tests). */
export const operationRefusals = {
  'GET /api/site/theme/v1': GET_api_site_theme_v1,
  'GET /api/site/get/config/v1': GET_api_site_get_config_v1,
  'GET /api/site/i18n/version': GET_api_site_i18n_version,
  'GET /api/site/i18n/message': GET_api_site_i18n_message,
  'GET /api/site/get/lang/address': GET_api_site_get_lang_address,
  'GET /api/site/dynamic/config/v1': GET_api_site_dynamic_config_v1,
  'GET /api/site/contact-us/v1': GET_api_site_contact_us_v1,
  'GET /api/user/get/config/v1': GET_api_user_get_config_v1,
  'POST /api/user/login/v1': POST_api_user_login_v1,
  'POST /api/user/code/login/v1': POST_api_user_code_login_v1,
  'POST /api/user/sso/v1': POST_api_user_sso_v1,
  'POST /api/user/signup/v1': POST_api_user_signup_v1,
  'POST /api/user/resetPasswd/v1': POST_api_user_resetPasswd_v1,
  'POST /api/user/changePassword/v1': POST_api_user_changePassword_v1,
  'POST /api/user/sendVerificationCode/v1': POST_api_user_sendVerificationCode_v1,
  'POST /api/user/createRandCode/v1': POST_api_user_createRandCode_v1,
  'POST /api/user/nickname/v1': POST_api_user_nickname_v1,
  'POST /api/user/language/v1': POST_api_user_language_v1,
  'POST /api/user/bindEmail/v1': POST_api_user_bindEmail_v1,
  'POST /api/user/queryInfo/v1': POST_api_user_queryInfo_v1,
  'POST /api/user/loginOut/v1': POST_api_user_loginOut_v1,
  'POST /api/user/devices/signOut/v1': POST_api_user_devices_signOut_v1,
  'POST /api/user/devices/signOutOthers/v1': POST_api_user_devices_signOutOthers_v1,
  'GET /api/user/data/v1': GET_api_user_data_v1,
  'GET /api/user/data/v1/personal-data.pdf': GET_api_user_data_v1_personal_data_pdf,
  'POST /api/user/account/delete/v1': POST_api_user_account_delete_v1,
  'GET /api/user/support/phone/v1': GET_api_user_support_phone_v1,
  'POST /api/user/query/urv': POST_api_user_query_urv,
  'POST /api/user/site/verify': POST_api_user_site_verify,
  'GET /api/user/site/key': GET_api_user_site_key,
  'GET /api/user/google/client/v1': GET_api_user_google_client_v1,
  'POST /api/user/google/login/v1': POST_api_user_google_login_v1,
  'POST /api/user/google/signup/v1': POST_api_user_google_signup_v1,
  'POST /api/site/resetPasswordByEmail': POST_api_site_resetPasswordByEmail,
  'POST /api/site/resendConfirmation': POST_api_site_resendConfirmation,
  'POST /api/site/obtain/resetPassword/email': POST_api_site_obtain_resetPassword_email,
  'POST /api/site/email/resetPassword': POST_api_site_email_resetPassword,
  'GET /api/site/send/resetPasswordEmail': GET_api_site_send_resetPasswordEmail,
  'POST /api/site/active/user': POST_api_site_active_user,
  'POST /api/site/bindEmailConfirmed': POST_api_site_bindEmailConfirmed,
  'GET /api/user/marketing/campaign/subscription': GET_api_user_marketing_campaign_subscription,
  'POST /api/job/renewInfo/v1': POST_api_job_renewInfo_v1,
  'POST /api/job/updateRenewStatus/v1': POST_api_job_updateRenewStatus_v1,
  'POST /api/job/cancellation/offer/v1': POST_api_job_cancellation_offer_v1,
  'POST /api/job/cancellation/v1': POST_api_job_cancellation_v1,
  'POST /api/job/cancellation/accept/v1': POST_api_job_cancellation_accept_v1,
  'POST /api/job/pixAutomatico/v1': POST_api_job_pixAutomatico_v1,
  'POST /api/job/pixAutomatico/start/v1': POST_api_job_pixAutomatico_start_v1,
  'POST /api/job/pixAutomatico/cancel/v1': POST_api_job_pixAutomatico_cancel_v1,
  'POST /api/bill/card/change': POST_api_bill_card_change,
  'POST /api/bill/orders/v1': POST_api_bill_orders_v1,
  'GET /api/bill/order/v1/{id}': GET_api_bill_order_v1_id,
  'GET /api/bill/order/v1/{id}/dispute': GET_api_bill_order_v1_id_dispute,
  'GET /api/bill/order/v1/{id}/receipt.pdf': GET_api_bill_order_v1_id_receipt_pdf,
  'GET /api/bill/order/v1/{id}/slip.pdf': GET_api_bill_order_v1_id_slip_pdf,
  'GET /api/bill/service/v1/{id}': GET_api_bill_service_v1_id,
  'GET /api/bill/payment/tip/v1': GET_api_bill_payment_tip_v1,
  'GET /api/bill/unbindDiscountCode/v1': GET_api_bill_unbindDiscountCode_v1,
  'POST /api/uploadObject/v1': POST_api_uploadObject_v1,
  'POST /api/bill/order/upload/v1': POST_api_bill_order_upload_v1,
  'POST /api/bill/order/remind/v1': POST_api_bill_order_remind_v1,
  'POST /api/bill/order/receipt/mail/v1': POST_api_bill_order_receipt_mail_v1,
  'POST /api/bill/order/withdraw/v1': POST_api_bill_order_withdraw_v1,
  'POST /api/bill/order/withdraw/cancel/v1': POST_api_bill_order_withdraw_cancel_v1,
  'POST /api/bill/order/refund/v1': POST_api_bill_order_refund_v1,
  'POST /api/bill/payment/methods/v1': POST_api_bill_payment_methods_v1,
  'POST /api/bill/listCard': POST_api_bill_listCard,
  'POST /api/bill/deleteCard': POST_api_bill_deleteCard,
  'POST /api/bill/goodsValuation': POST_api_bill_goodsValuation,
  'POST /api/bill/planChange/quote/v1': POST_api_bill_planChange_quote_v1,
  'POST /api/bill/planChange/v1': POST_api_bill_planChange_v1,
  'POST /api/bill/planChange/scheduled/v1': POST_api_bill_planChange_scheduled_v1,
  'POST /api/bill/planChange/undo/v1': POST_api_bill_planChange_undo_v1,
  'POST /api/bill/pay/v1': POST_api_bill_pay_v1,
  'POST /api/bill/repay/v1': POST_api_bill_repay_v1,
  'POST /api/bill/payment/liQuiDo/confirm/v1': POST_api_bill_payment_liQuiDo_confirm_v1,
  'GET /api/bill/getCheckCode/v1': GET_api_bill_getCheckCode_v1,
  'GET /api/site/plan/method/discount': GET_api_site_plan_method_discount,
  'POST /api/bill/installmentsPlan': POST_api_bill_installmentsPlan,
  'GET /api/bill/payment/paypalCapture/v1/{id}': GET_api_bill_payment_paypalCapture_v1_id,
  'GET /api/site/contry/phone/areacode': GET_api_site_contry_phone_areacode,
  'POST /api/bill/payment/query/token': POST_api_bill_payment_query_token,
  'POST /api/site/plan/convert': POST_api_site_plan_convert,
  'POST /api/bill/payment-info/detail': POST_api_bill_payment_info_detail,
  'POST /api/bill/payment/crypto/v1': POST_api_bill_payment_crypto_v1,
  'POST /api/bill/payment/useepay/customer/confirm/v1': POST_api_bill_payment_useepay_customer_confirm_v1,
  'POST /api/bill/payment/useepay/customer/create/v1': POST_api_bill_payment_useepay_customer_create_v1,
  'GET /api/site/listPlans/v1': GET_api_site_listPlans_v1,
  'GET /api/site/banner/v1': GET_api_site_banner_v1,
  'POST /api/bill/query/cart': POST_api_bill_query_cart,
  'POST /api/site/report': POST_api_site_report,
  'GET /api/site/plan/detail/{id}': GET_api_site_plan_detail_id,
  'POST /api/site/checkPlanAvailable/v1': POST_api_site_checkPlanAvailable_v1,
  'POST /api/bill/coupons/v1': POST_api_bill_coupons_v1,
  'POST /api/user/cloud/v1': POST_api_user_cloud_v1,
  'POST /api/user/cloud/delete/v1': POST_api_user_cloud_delete_v1,
} as const;

/** The refusals any operation can answer, in groups, each with why. */
export const commonRefusalGroups = [
  { codes: [5000], why: 'The request does not match this contract (a header, a parameter or the body), or holds U+0000; checked before any handler runs.' },
  { codes: [-2499], why: 'An unexpected fault of the server; nothing the caller did.' },
  { codes: [-24040], why: 'The server is too busy to take the request now (its password hashing queue is full); try again shortly.' },
  {
    codes: [-24010, -24020, -24030, -1112],
    why: "The session codes, answered by any operation that reads the caller's session: it expired (-24010), its token is not valid (-24020), it was ended by a log-in elsewhere (-24030), or the account can no longer be used (-1112).",
  },
] as const;

/** Every common refusal code. */
export const commonRefusals: readonly number[] = [5000, -2499, -24040, -24010, -24020, -24030, -1112];

/** An operation of the contract, as `<METHOD> <path>`. */
export type OperationKey = keyof typeof operationRefusals;

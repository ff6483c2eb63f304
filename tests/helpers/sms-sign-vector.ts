/** One known signature vector, checked by the client unit test and by the server's verifier test. */
export const SIGN_VECTOR = {
  secret: 'lumen-sms-sign-secret',
  fields: { phone: '13800000001', registDevice: 'PC', verificationCode: '' },
  timestamp: '1700000000000',
  canonical: 'phone=13800000001&registDevice=PC&timestamp=1700000000000',
  sign: 'Ea7JCpoHQXiTPz03dOFDN3woBQJO2G7oZhUdEq8P4q4=',
};

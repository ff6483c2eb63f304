import { get } from '../../../dataProvider/axios';
import { postMultipart } from '../../../resources/views/multipart';

export type AuthLevel = 'personal' | 'company' | 'enhanced';

export interface Certification {
  id: number;
  certificateType: 1 | 2;
  certificate: string;
  subjectName: string;
  certificateNo: string;
  status: number;
  authLevel: AuthLevel | null;
  rejectReason: string | null;
  createdAt: string;
  reviewedAt: string | null;
}

export interface CertificationState {
  current: Certification | null;
  account: {
    ownerType: 'PERSONAL' | 'ORGANISATIONS';
    enhancedAuth: boolean;
    companyName: string | null;
    authLevel: AuthLevel;
  };
}

export const AUTH_LEVEL_NAMES: Record<AuthLevel, string> = {
  personal: '个人授权',
  company: '企业授权',
  enhanced: '企业加强授权',
};

/** The latest application and the account's standing (/api/user/certification). */
export const fetchCertification = () => get<CertificationState>('/api/user/certification');

/** Submits a certification form with its document images (multipart, checked by the same schema on the server). */
export const submitCertification = (
  kind: 'personal' | 'company',
  form: Record<string, any>,
  files: Record<string, File[]>,
) => postMultipart<Certification>(`/api/user/certification/${kind}`, form, files);

import { TEACHER_ROLES } from '../../../lib/auth/roles';
import { RequireAuth } from '../../auth/require-auth';
import { RequireRoles } from '../../auth/require-roles';
import { RequireLicence } from '../../licences/require-licence';

/**
 * The immersive frame has no signed-in shell around it: its document screens check here what the
 * shell checks for /document/… (signed in, a valid licence, a teacher's role).
 */
export function ImmersiveDocumentGuard() {
  return (
    <RequireAuth>
      <RequireRoles roles={TEACHER_ROLES}>
        <RequireLicence />
      </RequireRoles>
    </RequireAuth>
  );
}

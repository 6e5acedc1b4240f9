import { TEACHER_ROLES } from '../../../lib/auth/roles';
import { RequireAuth } from '../../auth/require-auth';
import { RequireRoles } from '../../auth/require-roles';
import { RequireLicence } from '../../licences/require-licence';

/**
 * The immersive frame itself asks nothing of its visitor; the result views need the same as the
 * /tool screens: signed in, a teacher, and a valid licence.
 */
export function ImmersiveToolGuard() {
  return (
    <RequireAuth>
      <RequireRoles roles={TEACHER_ROLES}>
        <RequireLicence />
      </RequireRoles>
    </RequireAuth>
  );
}

import { useUser } from '@/session/session-context';
import { FormPage } from '@/ui/form';

import { ProfileForm } from '../components/profile-form';

/** /users/profile: every signed-in user's own name, e-mail and phone number. */
export function ProfilePage() {
  const me = useUser();
  return (
    <FormPage title="My profile" width={760} card={false}>
      <ProfileForm key={me.id} me={me} />
    </FormPage>
  );
}

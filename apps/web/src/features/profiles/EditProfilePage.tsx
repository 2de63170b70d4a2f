import { Link } from "react-router";
import { PhotoManager } from "./PhotoManager";
import { ProfileForm, useOwnProfile } from "./ProfileForm";

export default function EditProfilePage() {
  const profile = useOwnProfile();
  return (
    <div className="page-container space-y-6 py-6 sm:py-10">
      <header className="flex items-end justify-between gap-4">
        <h1 className="text-3xl font-semibold text-velvet-900 sm:text-4xl">Edit profile</h1>
        <Link to="/my-profile" className="btn-outline">
          View my profile
        </Link>
      </header>
      <section className="card p-6 sm:p-8">
        <h2 className="mb-4 text-xl font-semibold text-velvet-900">Photos</h2>
        <PhotoManager />
      </section>
      <section className="card p-6 sm:p-8">
        <h2 className="mb-4 text-xl font-semibold text-velvet-900">About you</h2>
        {profile.data ? (
          <ProfileForm profile={profile.data} submitLabel="Save profile" />
        ) : (
          <div className="h-64 animate-pulse rounded-xl bg-velvet-50" />
        )}
      </section>
    </div>
  );
}

import { useNavigate } from "react-router";
import { PhotoManager } from "./PhotoManager";
import { ProfileForm, useOwnProfile } from "./ProfileForm";

/** Where new members are nudged after sign-in until their profile is complete. */
export default function CompleteProfilePage() {
  const navigate = useNavigate();
  const profile = useOwnProfile();
  const photoCount = profile.data?.photos.length ?? 0;
  return (
    <div className="page-container max-w-3xl space-y-6 py-6 sm:py-10">
      <header>
        <h1 className="text-3xl font-semibold text-velvet-900 sm:text-4xl">Complete your profile</h1>
        <p className="mt-2 text-muted">Profiles with a photo and a few words get up to ten times more messages.</p>
      </header>
      <section className="card p-6 sm:p-8">
        <h2 className="mb-1 text-xl font-semibold text-velvet-900">1. Add a photo</h2>
        <p className="mb-4 text-sm text-muted">
          {photoCount > 0
            ? "Looking good. Add more if you like."
            : "Show your best side: a clear photo of your face works best."}
        </p>
        <PhotoManager />
      </section>
      <section className="card p-6 sm:p-8">
        <h2 className="mb-4 text-xl font-semibold text-velvet-900">2. Tell members about yourself</h2>
        {profile.data ? (
          <ProfileForm
            profile={profile.data}
            submitLabel="Save and continue"
            checkCompletion
            onSaved={(saved) => {
              if (saved.profile_complete) navigate("/dashboard", { replace: true });
            }}
          />
        ) : (
          <div className="h-64 animate-pulse rounded-xl bg-velvet-50" />
        )}
      </section>
      <button
        type="button"
        className="text-sm font-semibold text-muted underline"
        onClick={() => navigate("/dashboard")}
      >
        Skip for now
      </button>
    </div>
  );
}

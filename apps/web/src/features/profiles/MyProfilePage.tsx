import { Link } from "react-router";
import { FormAlert } from "../../ui/forms/fields";
import { useOwnProfile } from "./ProfileForm";

export default function MyProfilePage() {
  const profile = useOwnProfile();
  if (!profile.data)
    return (
      <div className="page-container py-10">
        <div className="h-96 animate-pulse rounded-card bg-velvet-50" />
      </div>
    );
  const me = profile.data;
  return (
    <div className="page-container grid gap-8 py-6 sm:py-10 lg:grid-cols-[1fr_1.2fr]">
      <img
        src={me.primary_photo.large}
        alt={me.username}
        className="aspect-[4/5] w-full rounded-card object-cover shadow-card"
      />
      <section className="space-y-5">
        <h1 className="text-3xl font-semibold text-velvet-900">
          {me.username}
          {me.age ? <span className="font-normal text-muted">, {me.age}</span> : null}
        </h1>
        <p className="text-muted">
          {me.city}
          {me.state ? `, ${me.state}` : ""}
        </p>
        {!me.profile_complete ? (
          <FormAlert tone="info">
            Your profile is not complete yet.{" "}
            <Link to="/profile/complete" className="font-semibold underline">
              Finish it
            </Link>{" "}
            to be seen by more members.
          </FormAlert>
        ) : null}
        {me.headline ? <p className="font-display text-xl text-velvet-800 italic">“{me.headline}”</p> : null}
        {me.about_me ? (
          <p className="whitespace-pre-line text-ink/85">{me.about_me}</p>
        ) : (
          <p className="text-muted">You haven't written anything about yourself yet.</p>
        )}
        <Link to="/profile/edit" className="btn-primary">
          Edit profile
        </Link>
      </section>
    </div>
  );
}

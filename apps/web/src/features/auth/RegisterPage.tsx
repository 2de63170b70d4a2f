import { Link } from "react-router";
import { AuthCard } from "../../ui/forms/AuthCard";
import { RegistrationForm } from "./registration/RegistrationForm";

export default function RegisterPage() {
  return (
    <AuthCard
      title="Create your free account"
      subtitle="Adults 18+ only. It takes less than a minute."
      footer={
        <>
          Already a member?{" "}
          <Link to="/login" className="font-semibold text-white underline">
            Log In
          </Link>
        </>
      }
    >
      <RegistrationForm />
    </AuthCard>
  );
}

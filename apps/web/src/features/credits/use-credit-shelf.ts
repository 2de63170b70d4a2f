import { useQuery } from "@tanstack/react-query";
import type { TCreditPackage } from "@velvet/shared/api/credits";
import { useNavigate } from "react-router";
import { useAuthStore } from "../auth";
import { creditKeys, fetchCreditShelf } from "./credit-api";
import { useSelectedPackage } from "./selected-package";

/** The store, priced for whoever is looking (guests see public prices). */
export function useCreditShelf() {
  const uuid = useAuthStore((state) => state.user?.uuid ?? null);
  return useQuery({ queryKey: creditKeys.shelf(uuid), queryFn: fetchCreditShelf, staleTime: 60_000 });
}

/** Choosing a package: members go on to /credits/buy with it selected; visitors are asked to join first. */
export function useChoosePackage() {
  const navigate = useNavigate();
  const loggedIn = useAuthStore((state) => state.loggedIn);
  const select = useSelectedPackage((state) => state.select);
  return (item: TCreditPackage) => {
    if (!loggedIn) {
      navigate("/register");
      return;
    }
    select(item);
    navigate("/credits/buy");
  };
}

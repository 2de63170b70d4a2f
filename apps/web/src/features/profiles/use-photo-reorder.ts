import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TOwnPhoto, TReorderPhotosRequest } from "@velvet/shared/api/photos";
import { photoEndpoints } from "@velvet/shared/contract/photos";
import { callEndpoint } from "../../lib/api-client";

export const ownPhotosKey = ["own-photos"] as const;
const reorderKey = ["own-photos", "order"] as const;

/**
 * Saves a new photo order. The photos move on screen at once; the saves run one after another
 * (one scope) so the server ends on the member's last order even when they click quickly, and
 * a save that fails puts the photos back where they were before that move.
 */
export function usePhotoReorder(onFailure: (error: unknown) => void) {
  const queryClient = useQueryClient();
  // The last save to finish settles the list with the server's answer; earlier answers would undo later moves.
  const isLastSave = () => queryClient.isMutating({ mutationKey: reorderKey }) === 1;
  return useMutation({
    mutationKey: reorderKey,
    scope: { id: "own-photos-order" },
    mutationFn: (photos: TOwnPhoto[]) => {
      const body: TReorderPhotosRequest = { order: photos.map((photo) => photo.id) };
      return callEndpoint(photoEndpoints.reorder, { body });
    },
    onMutate: async (photos) => {
      await queryClient.cancelQueries({ queryKey: ownPhotosKey });
      const previous = queryClient.getQueryData<TOwnPhoto[]>(ownPhotosKey);
      queryClient.setQueryData(ownPhotosKey, photos);
      return { previous };
    },
    onError: (error, _photos, context) => {
      if (context?.previous) queryClient.setQueryData(ownPhotosKey, context.previous);
      onFailure(error);
    },
    onSettled: (response) => {
      if (!isLastSave()) return;
      if (response) queryClient.setQueryData(ownPhotosKey, response.data);
      else void queryClient.invalidateQueries({ queryKey: ownPhotosKey });
    },
  });
}

import { notificationMessages } from "@velvet/shared/api/notifications";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";

export const notificationPolicy = {
  /**
   * Deleting and muting are the member's feature `muteUserNotifications`, set by admins. The web app
   * hides the menu without it; the server decides, so a member without it cannot do either by calling
   * the API. Unmuting stays open: undoing a mute made while the feature was on never hurts anyone.
   */
  assertMayManage(user: SessionUser): void {
    if (user.features.muteUserNotifications !== true) {
      throw new AppError("forbidden", notificationMessages.managingUnavailable);
    }
  },
};

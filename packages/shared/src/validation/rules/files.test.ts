import { describe, expect, it } from "vitest";
import { validate } from "../validate";

function messageOf(value: unknown, rules: string) {
  const result = validate(value, rules, { field: "photo" });
  return result.valid ? null : result.message;
}

const jpeg = { name: "beach.JPG", size: 300 * 1024, type: "image/jpeg", width: 800, height: 600 };
const png = { name: "me.png", size: 90 * 1024, type: "image/png", width: 400, height: 400 };
const pdf = { name: "cv.pdf", size: 20 * 1024, type: "application/pdf" };

describe("image", () => {
  it("takes image types and fails others", () => {
    expect(messageOf(jpeg, "image")).toBeNull();
    expect(messageOf(pdf, "image")).toBe("The photo field must be an image");
    expect(messageOf("beach.jpg", "image")).toBe("The photo field must be an image");
  });

  it("judges an untyped file by its extension", () => {
    expect(messageOf({ name: "selfie.webp", size: 1, type: "" }, "image")).toBeNull();
    expect(messageOf({ name: "notes.txt", size: 1, type: "" }, "image")).toBe("The photo field must be an image");
  });

  it("checks every file of a multiple input", () => {
    expect(messageOf([jpeg, png], "image")).toBeNull();
    expect(messageOf([jpeg, pdf], "image")).toBe("The photo field must be an image");
  });
});

describe("dimensions", () => {
  it("needs exactly that width and height", () => {
    expect(messageOf(png, "dimensions:400,400")).toBeNull();
    expect(messageOf(jpeg, "dimensions:400,400")).toBe("The photo field must be 400 pixels by 400 pixels");
    expect(messageOf(pdf, "dimensions:400,400")).toBe("The photo field must be 400 pixels by 400 pixels");
  });
});

describe("size", () => {
  it("allows up to the given kilobytes", () => {
    expect(messageOf(jpeg, "size:300")).toBeNull();
    expect(messageOf(jpeg, "size:299")).toBe("The photo field may not be greater than 299 KB");
  });
});

describe("ext", () => {
  it("takes the listed extensions in any case", () => {
    expect(messageOf(jpeg, "ext:jpg,png")).toBeNull();
    expect(messageOf(pdf, "ext:jpg,png")).toBe("The photo field must be a file of type: jpg, png");
  });
});

describe("mimes", () => {
  it("takes the listed types and families", () => {
    expect(messageOf(png, "mimes:image/jpeg,image/png")).toBeNull();
    expect(messageOf(png, "mimes:image/*")).toBeNull();
    expect(messageOf(pdf, "mimes:image/*")).toBe("The photo field must be a file of type: image/*");
    expect(messageOf(pdf, "mimes:image/jpeg,image/png")).toBe(
      "The photo field must be a file of type: image/jpeg, image/png",
    );
  });
});

describe("an empty file input", () => {
  it("is only an error when required", () => {
    expect(messageOf([], "image|size:100")).toBeNull();
    expect(messageOf([], "required|image")).toBe("The photo field is required");
  });
});

import { type PageSource, templateNotice, text } from "./page-source";

/** /2257-notice: the record-keeping statement the home page's "all persons are over 18" line links to (spec §1). */
export const notice2257Page: PageSource = {
  slug: "2257-notice",
  title: "18 U.S.C. 2257 record-keeping statement",
  metaTitle: "18 U.S.C. 2257 record-keeping compliance statement | Velvet Hearts",
  metaDescription:
    "Velvet Hearts' statement under 18 U.S.C. § 2257: everyone appearing in visual content on the site was 18 or older.",
  render: (context) => {
    const { company } = context;
    const site = text(context.siteName);
    return `
${templateNotice}

<h2>All persons were over 18</h2>
<p>All models, actors and other persons who appear in any visual depiction of actual or simulated sexually explicit conduct on ${site} were at least 18 years old when the depiction was created.</p>

<h2>Content produced for us</h2>
<p>Photos used on the site's fictional profiles are licensed from their producers, who keep the records required by 18 U.S.C. § 2257 and 28 C.F.R. Part 75 for the content they produce. We hold the producers' confirmations that these records exist and that every person depicted was an adult.</p>

<h2>Content uploaded by members</h2>
<p>Photos uploaded by members are published by those members. ${text(company.legalName)} is not the primary or secondary producer of that content within the meaning of 18 U.S.C. § 2257 and 28 C.F.R. Part 75, as it only hosts and displays what members upload. Every member confirms when registering that they are 18 or older, and may upload only images of themselves as adults. We remove any content that appears to depict a person under 18 and report it to the competent authorities.</p>

<h2>Operator outside the United States</h2>
<p>${site} is operated from the European Union by ${text(company.legalName)}, ${text(company.address)}, and is directed at adults in Australia. This statement is made voluntarily to give the same assurance that United States record-keeping law requires.</p>

<h2>Custodian of records</h2>
<address>Custodian of Records<br>${text(company.legalName)}<br>${text(company.address)}<br><a href="mailto:${text(context.supportEmail)}">${text(context.supportEmail)}</a></address>

<p>To report content you believe shows a person under 18, use the <a href="/report-abuse">report abuse</a> page. Every such report is reviewed with priority.</p>
`;
  },
};

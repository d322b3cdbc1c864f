import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

import { IconBadge } from "./section";

import {
  AccessTimeOutlined,
  EmailOutlined,
  PhoneOutlined,
  PlaceOutlined,
  SellOutlined,
} from "~/components/icons/material";

export type ContactInfo = {
  email: string;
  sales: string;
  phone: string;
  address: string;
  hours: string;
};

/** Support and sales addresses, phone, headquarters and hours, as a description list. */
export function ContactDetails({ info }: { info: ContactInfo }) {
  return (
    <Box component="dl" sx={{ m: 0, display: "grid", gap: 2.5 }}>
      <Item icon={<EmailOutlined />} term="Support">
        <Link href={`mailto:${info.email}`}>{info.email}</Link>
      </Item>
      <Item icon={<SellOutlined />} term="Sales">
        <Link href={`mailto:${info.sales}`}>{info.sales}</Link>
      </Item>
      <Item icon={<PhoneOutlined />} term="Phone">
        <Link href={`tel:${info.phone.replace(/[^\d+]/g, "")}`}>{info.phone}</Link>
      </Item>
      <Item icon={<PlaceOutlined />} term="Headquarters">
        {info.address}
      </Item>
      <Item icon={<AccessTimeOutlined />} term="Support hours">
        {info.hours}
      </Item>
    </Box>
  );
}

function Item({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  // <dl> allows only <div>s of <dt>/<dd> as children, so the icon sits inside the <dt>.
  return (
    <Box sx={{ position: "relative", pl: 7, minHeight: 40, minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="textSecondary" sx={{ fontWeight: 600 }}>
        <Box component="span" sx={{ position: "absolute", left: 0, top: 0 }}>
          <IconBadge size={40}>{icon}</IconBadge>
        </Box>
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }}>
        {children}
      </Typography>
    </Box>
  );
}

import { Badge, HStack, Image, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useOrganisationFace } from '../data/organisation-face';
import { sessionAtom } from '../session/session-atoms';

/**
 * Beside the product's logo in the top bar: the member's organisation, its
 * logo and name, so everyone sees whose data they are looking at, marked when
 * it is the demo organisation with generated data (on a phone too: the name
 * gives way first). Nothing before there is an organisation, or when it cannot be read.
 */
export function OrganisationFace() {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const organisationId = session.status === 'authorised' ? session.user.organisationId : null;
  const face = useOrganisationFace(organisationId).data;
  if (!face) return null;
  return (
    <HStack gap="2" minW="0" data-testid="organisation-face" borderStartWidth="1px" ps="3">
      {face.image ? (
        <Image src={`/files/${face.image}`} alt="" boxSize="7" objectFit="contain" borderRadius="sm" />
      ) : null}
      <Text fontWeight="semibold" truncate minW="0">
        {face.name}
      </Text>
      {face.demo ? (
        <Badge
          colorPalette="purple"
          variant="outline"
          flexShrink={0}
          title={t('shell.demoOrganisationHint')}
          data-testid="demo-organisation"
        >
          {t('shell.demoOrganisation')}
          <Text as="span" srOnly>
            {t('shell.demoOrganisationHint')}
          </Text>
        </Badge>
      ) : null}
    </HStack>
  );
}

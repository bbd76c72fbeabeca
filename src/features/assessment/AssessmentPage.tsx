import { useEffect, useState, type ComponentType } from 'react';
import { useNavigate } from '../../shared/router';
import useSWRImmutable from 'swr/immutable';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import CodeIcon from '@mui/icons-material/Code';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import StorefrontIcon from '@mui/icons-material/Storefront';
import en from '../../../schemas/messages/assessment.en.json';
import { addTexts } from '../../../schemas/messages';
import { AppHeader } from '../../app/AppHeader';
import { useCurrentMerchant } from '../../shared/api/currentMerchant';
import { t } from '../../shared/ui/t';
import { ASSESSMENT_QUESTIONS_KEY, fetchAssessmentQuestions, sendAssessmentResponses, type AssessmentOption } from './assessmentApi';

const texts = { en };

/** The illustration of each category (spec section 2: Business, Developer or Customer; Business by default). */
const ILLUSTRATIONS: Record<string, ComponentType<{ fontSize?: 'large'; color?: 'primary' }>> = { Business: StorefrontIcon, Developer: CodeIcon, Customer: PersonOutlineIcon };
const Illustration = ({ category }: { category: string }) => {
  const Icon = ILLUSTRATIONS[category] ?? StorefrontIcon;
  return <Icon fontSize="large" color="primary" />;
};

/** The spec's button words as written (Confirm, Go Back), not upper-cased by the theme. */
const asWritten = { textTransform: 'none' } as const;
const optionCard = { m: 0, p: 1.5, gap: 1, border: 1, borderColor: 'divider', borderRadius: 2, alignItems: 'center' } as const;
const OptionText = ({ option }: { option: AssessmentOption }) => (
  <Box>
    <Typography sx={{ fontWeight: 600 }}>{option.label}</Typography>
    <Typography variant="body2" color="text.secondary">
      {option.statement}
    </Typography>
  </Box>
);

/**
 * The needs assessment (platform spec sections 2 and 4, /app/assessment): step 1, one option of the first question
 * (Confirm disabled until chosen); step 2, any options of the second question of the step-1 category (Go Back; Confirm
 * disabled until one is ticked). Confirm sends the answers, then goes to /app/welcome, or to the help site for a
 * Customer; a failure to load the questions goes to /app/welcome.
 */
export default function AssessmentPage() {
  addTexts(texts);
  const navigate = useNavigate();
  const merchant = useCurrentMerchant().summary;
  const questions = useSWRImmutable(ASSESSMENT_QUESTIONS_KEY, fetchAssessmentQuestions, { shouldRetryOnError: false });
  const [step, setStep] = useState<1 | 2>(1);
  const [chosen, setChosen] = useState<AssessmentOption>();
  const [ticked, setTicked] = useState<number[]>([]);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (questions.error) navigate('/welcome', { replace: true });
  }, [questions.error, navigate]);

  const [first, second] = questions.data?.assessment_questions ?? [];
  if (!questions.data || !first || !second || !merchant) return <LinearProgress aria-label={t('assessment.loading')} />;

  const choose = (id: string) => {
    const option = first.assessment_options.find((candidate) => String(candidate.id) === id);
    // A different answer to step 1 starts step 2 afresh (spec section 4).
    if (option?.id !== chosen?.id) setTicked([]);
    setChosen(option);
  };
  const toggle = (id: number) => setTicked((current) => (current.includes(id) ? current.filter((each) => each !== id) : [...current, id]));
  const confirm = async () => {
    if (!chosen) return;
    setSending(true);
    const answers = [
      { assessment_question_id: first.id, selected_options: [chosen.id], category: chosen.category },
      { assessment_question_id: second.id, selected_options: ticked },
    ];
    // The spec redirects after the questionnaire whatever the answer's fate; a refusal is not the merchant's to fix.
    await sendAssessmentResponses(merchant.mid, answers).catch(() => undefined);
    if (chosen.category === 'Customer') window.location.assign(questions.data!.customer_redirect);
    else navigate('/welcome', { replace: true });
  };
  const name = merchant.name?.trim();

  return (
    <>
      <AppHeader merchantName={merchant.name ?? undefined} />
      <Box component="main" sx={{ p: 2, maxWidth: 560, mx: 'auto', display: 'grid', gap: 2 }}>
        {step === 1 ? (
          <>
            <Box>
              <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
                {name ? t('assessment.greeting', { name }) : t('assessment.greetingNoName')}
              </Typography>
              <Typography id="step-1-question">{t('assessment.step1.question')}</Typography>
            </Box>
            <RadioGroup aria-labelledby="step-1-question" value={chosen ? String(chosen.id) : ''} onChange={(event) => choose(event.target.value)} sx={{ gap: 1.5 }}>
              {first.assessment_options.map((option) => (
                <FormControlLabel
                  key={option.id}
                  value={String(option.id)}
                  control={<Radio />}
                  sx={optionCard}
                  label={
                    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                      <Illustration category={option.category} />
                      <OptionText option={option} />
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
            <Button variant="contained" disabled={!chosen} onClick={() => setStep(2)} sx={asWritten}>
              {t('assessment.confirm')}
            </Button>
          </>
        ) : (
          <>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
              <Illustration category={chosen?.category ?? 'Business'} />
              <Box>
                <Typography variant="h5" component="h1" id="step-2-question">
                  {t('assessment.step2.question')}
                </Typography>
                <Typography color="text.secondary">{t('assessment.step2.hint')}</Typography>
              </Box>
            </Box>
            <FormGroup aria-labelledby="step-2-question" sx={{ gap: 1.5 }}>
              {second.assessment_options
                .filter((option) => option.category === chosen?.category)
                .map((option) => (
                  <FormControlLabel key={option.id} control={<Checkbox checked={ticked.includes(option.id)} onChange={() => toggle(option.id)} />} sx={optionCard} label={<OptionText option={option} />} />
                ))}
            </FormGroup>
            <Box sx={{ display: 'flex', gap: 1.5 }}>
              <Button variant="outlined" fullWidth disabled={sending} onClick={() => setStep(1)} sx={asWritten}>
                {t('assessment.goBack')}
              </Button>
              <Button variant="contained" fullWidth disabled={ticked.length === 0 || sending} onClick={() => void confirm()} sx={asWritten}>
                {t('assessment.confirm')}
              </Button>
            </Box>
          </>
        )}
      </Box>
    </>
  );
}

import en from './messages/stepForms.en.json';
import { addTexts } from './messages';

// The texts of the forms (the fields, hints and choices the step definitions name, the validation messages, the
// widgets' and the step components' own: schemas/messages/stepForms.en.json) come with the screens that show them,
// not with every first load: each module that shows one imports this one, and so does the server, whose answers
// name fields everywhere. Their Hindi comes whole at start for a merchant who chose it (src/shared/ui/language.ts).
addTexts({ en });

// The English of the Korean messages the schemas and the server write for a field (the spec's own
// words are Korean; core.md §3 lets a teacher read the product in English). The server answers in
// the request's language (platform/errors) and the web's forms show a schema's message in the
// page's language (lib/localized-resolver.ts, which loads this table only for English).
// messages-en.test.ts reads every such message in the sources and fails on one missing here.
import type { Language } from './errors.ts';

const EXACT: Record<string, string> = {
  // Choosing
  '가정통신문 종류를 선택해주세요.': 'Choose the kind of letter.',
  '과목을 선택해주세요.': 'Choose a subject.',
  '교육과정을 하나 이상 선택해주세요.': 'Choose at least one curriculum.',
  '기록 영역을 선택해주세요.': 'Choose a record area.',
  '놀이 상황을 목록에서 선택해주세요.': 'Choose a play situation from the list.',
  '도구를 볼 역할을 하나 이상 고르세요.': 'Choose at least one role that sees the tool.',
  '로그인할 수 있는 역할을 하나 이상 골라 주세요.': 'Choose at least one role that can sign in.',
  '문서 종류를 선택해주세요.': 'Choose a kind of document.',
  '문항을 한 개 이상 골라주세요.': 'Choose at least one question.',
  '삭제할 학생을 선택해주세요.': 'Choose the students to delete.',
  '상담 대상(학생과의 관계)을 선택해주세요.':
    'Choose who the counselling is with (their relation to the student).',
  '상담 영역을 목록에서 선택해주세요.': 'Choose a counselling area from the list.',
  '상담 주제를 목록에서 선택해주세요.': 'Choose a counselling topic from the list.',
  '성별을 선택해주세요.': 'Choose a gender.',
  '세부능력 및 특기사항은 과목을 선택해주세요.': 'A subject record (세부능력 및 특기사항) needs a subject.',
  '아이콘을 고르세요.': 'Choose an icon.',
  '언어를 선택해주세요.': 'Choose a language.',
  '요약 유형을 선택해주세요.': 'Choose a kind of summary.',
  '운영 시기를 선택해주세요.': 'Choose when it runs.',
  '이미지 생성 방식을 선택해주세요.': 'Choose how pictures are made.',
  '초안이나 버전 중 하나를 골라 주세요.': 'Choose a draft or a version.',
  '학교급에 맞는 상담 주제를 선택해주세요.': 'Choose a counselling topic for this school level.',
  '학교급에 맞는 학년을 선택해 주세요.': 'Choose a grade of this school level.',
  '학교급을 선택해주세요.': 'Choose a school level.',
  '학교를 검색해서 골라 주세요.': 'Search for the school and choose it.',
  '학교를 선택해주세요.': 'Choose a school.',
  '학급이나 학생을 선택해주세요.': 'Choose a class or students.',
  '학기를 선택해주세요.': 'Choose a semester.',
  '학년군을 선택해주세요.': 'Choose a grade band.',
  '학년을 선택해주세요.': 'Choose a grade.',
  '학생을 선택해주세요.': 'Choose a student.',
  '등장인물 중에서 골라주세요.': 'Choose one of the characters.',
  '성취기준을 고르거나 수업 자료를 넣어주세요.': 'Choose achievement standards or add lesson material.',
  // Entering
  '검색어를 입력해주세요.': 'Enter a search term.',
  '경로를 입력해 주세요.': 'Enter a path.',
  '교원 위원을 한 명 이상 입력해주세요.': 'Enter at least one teacher member.',
  '교장 위원 이름을 입력해주세요.': "Enter the principal member's name.",
  '관찰한 내용(키워드, 메모, 활동)을 하나 이상 입력해주세요.':
    'Enter at least one observation (keywords, notes or activities).',
  '내용을 입력해주세요.': 'Enter the text.',
  '놀이 이름을 입력해주세요.': 'Enter the name of the game.',
  '담당자 이름을 입력해 주세요.': "Enter the contact person's name.",
  '대사를 입력해주세요.': 'Enter the line.',
  '만들 문서의 내용을 입력해주세요.': 'Enter what the document should say.',
  '메시지를 입력해 주세요.': 'Enter a message.',
  '묶음 이름을 입력해 주세요.': 'Enter a name for the group.',
  '반을 입력해주세요.': 'Enter the class number.',
  '받는 사람을 한 명 이상 입력해 주세요.': 'Enter at least one recipient.',
  '번호를 입력해주세요.': "Enter the student's number.",
  '섹션 제목을 입력해주세요.': 'Enter a section title.',
  '수업 목표를 입력해주세요.': 'Enter the lesson goal.',
  '시험할 입력을 적어 주세요.': 'Enter an input to try.',
  '아이디를 입력해주세요.': 'Enter a username.',
  '안건을 입력해주세요.': 'Enter an agenda item.',
  '영어 이름을 입력해 주세요.': 'Enter the English name.',
  '요금제 이름을 입력해 주세요.': 'Enter the plan name.',
  '요약할 글을 입력해주세요.': 'Enter the text to summarise.',
  '요약할 주제를 입력해주세요.': 'Enter the topic to summarise.',
  '요청을 입력해 주세요.': 'Enter a request.',
  '이름을 입력해주세요.': 'Enter a name.',
  '제목을 입력해주세요.': 'Enter a title.',
  '제품 이름을 입력해 주세요.': 'Enter the product name.',
  '조건을 입력해주세요.': 'Enter the conditions.',
  '주제를 입력해주세요.': 'Enter a topic.',
  '폴더 이름을 입력해주세요.': 'Enter a folder name.',
  '학교나 기관 이름을 입력해 주세요.': 'Enter the school or organisation name.',
  '학년도를 입력해주세요.': 'Enter the school year.',
  '학부모 위원을 한 명 이상 입력해주세요.': 'Enter at least one parent member.',
  '학생 이름을 입력해주세요.': "Enter the student's name.",
  '학생을 두 명 이상 입력해주세요.': 'Enter at least two students.',
  '학생을 한 명 이상 입력해주세요.': 'Enter at least one student.',
  '한국어 이름을 입력해 주세요.': 'Enter the Korean name.',
  '인증번호 6자리를 입력해 주세요.': 'Enter the 6-digit code.',
  '있는 날짜를 입력해주세요.': 'Enter a date that exists.',
  '수업 계획을 입력하거나 파일을 올려주세요.': 'Enter the lesson plan or upload a file.',
  '문의 내용을 10자 이상 적어 주세요.': 'Write at least 10 characters.',
  '시스템 프롬프트를 20자 이상 입력해 주세요.': 'Enter a system prompt of at least 20 characters.',
  // Lengths and counts
  '2000자 이내로 입력해주세요.': 'Use at most 2,000 characters.',
  '검색어는 100자 이내로 입력해주세요.': 'A search term has at most 100 characters.',
  '과목 이름은 30자 이내로 입력해주세요.': 'A subject name has at most 30 characters.',
  '놀이 이름은 200자 이내로 입력해주세요.': 'A game name has at most 200 characters.',
  '대사는 80자 안으로 써주세요.': 'A line has at most 80 characters.',
  '해설은 80자 안으로 써주세요.': 'A narration has at most 80 characters.',
  '문의 내용은 2,000자까지 적을 수 있습니다.': 'A question has at most 2,000 characters.',
  '요청은 2,000자 이하로 입력해 주세요.': 'A request has at most 2,000 characters.',
  '이름은 30자 이내로 입력해주세요.': 'A name has at most 30 characters.',
  '이름은 50자 이내로 입력해주세요.': 'A name has at most 50 characters.',
  '제목은 200자 이내로 입력해주세요.': 'A title has at most 200 characters.',
  '제품 이름은 80자까지 쓸 수 있습니다.': 'A product name has at most 80 characters.',
  '직함은 50자 이내로 입력해주세요.': 'A title has at most 50 characters.',
  '초기 비밀번호는 100자 이내로 입력해주세요.': 'An initial password has at most 100 characters.',
  '초기 비밀번호는 8자 이상이어야 합니다.': 'An initial password has at least 8 characters.',
  '폴더 이름은 50자 이내로 입력해주세요.': 'A folder name has at most 50 characters.',
  '학급 이름은 30자 이내로 입력해주세요.': 'A class name has at most 30 characters.',
  '학생 이름은 50자 이내로 입력해주세요.': "A student's name has at most 50 characters.",
  '비밀번호는 8자 이상이어야 합니다.': 'A password has at least 8 characters.',
  '공개 키는 다섯 개까지 등록할 수 있습니다.': 'Register at most five public keys.',
  '공개 키를 하나 이상 등록해 주세요.': 'Register at least one public key.',
  '리디렉션 주소는 열 개까지 등록할 수 있습니다.': 'Register at most ten redirect addresses.',
  '키는 1개 이상 만들어야 합니다.': 'Make at least one key.',
  '한 번에 1,000개까지 만들 수 있습니다.': 'Make at most 1,000 at a time.',
  '한 번에 200명까지 보낼 수 있습니다.': 'Send to at most 200 people at a time.',
  '기간은 10년(3,650일)까지 정할 수 있습니다.': 'A period is at most 10 years (3,650 days).',
  '기간은 1일 이상이어야 합니다.': 'A period is at least 1 day.',
  '기간은 시작일부터 366일 이내로 선택해 주세요.': 'Choose a period of at most 366 days from its start.',
  // Numbers
  '반은 1 이상이어야 합니다.': 'The class number is at least 1.',
  '반은 30 이하여야 합니다.': 'The class number is at most 30.',
  '반은 숫자로 입력해주세요.': 'Enter the class number as a number.',
  '번호는 1 이상이어야 합니다.': "A student's number is at least 1.",
  '번호는 99 이하여야 합니다.': "A student's number is at most 99.",
  '번호는 숫자로 입력해주세요.': "Enter the student's number as a number.",
  '학년도가 올바르지 않습니다.': 'The school year is not valid.',
  '학년도는 숫자로 입력해주세요.': 'Enter the school year as a number.',
  '학년은 1 이상이어야 합니다.': 'The grade is at least 1.',
  '학년은 6 이하여야 합니다.': 'The grade is at most 6.',
  '학년은 숫자로 입력해주세요.': 'Enter the grade as a number.',
  // Formats
  '경로는 영문 소문자, 숫자, -, /로 씁니다.': 'A path uses lowercase letters, digits, - and /.',
  '공개 키 종류(kty)는 RSA, EC, OKP 가운데 하나여야 합니다.': 'A public key type (kty) is RSA, EC or OKP.',
  '그림 주소가 올바르지 않습니다.': 'The picture address is not valid.',
  '도메인 형식이 올바르지 않습니다. 예: school.go.kr': 'The domain is not valid. For example: school.go.kr',
  '라이선스 키 형식이 올바르지 않습니다. (XXXX-XXXX-XXXX-XXXX)':
    'The licence key is not valid (XXXX-XXXX-XXXX-XXXX).',
  '리디렉션 주소는 https 주소여야 합니다. (http는 localhost만)':
    'Redirect addresses must be https (http only for localhost).',
  '묶음 이름에 / 와 \\ 는 쓸 수 없습니다.': 'A group name cannot hold / or \\.',
  '비공개 키가 들어 있습니다. 공개 키만 등록해 주세요.':
    'This holds a private key. Register public keys only.',
  '비밀번호에는 영문과 숫자가 모두 포함되어야 합니다.': 'A password holds both letters and digits.',
  '색상은 #RRGGBB 형식입니다.': 'A colour is written #RRGGBB.',
  '생년월일은 2017-03-15처럼 입력해주세요.': 'Enter the date of birth like 2017-03-15.',
  '성별은 남 또는 여로 입력해주세요.': 'Enter the gender as 남 or 여.',
  '아이디는 영문 소문자로 시작하는 4~30자(영문 소문자, 숫자, _ . -)로 입력해주세요.':
    'A username has 4 to 30 characters (lowercase letters, digits, _ . -) and starts with a letter.',
  '아이디는 영문 소문자로 시작하는 4~30자의 영문, 숫자, _ . - 입니다.':
    'A username has 4 to 30 characters (letters, digits, _ . -) and starts with a lowercase letter.',
  '역할은 교사 또는 학생으로 입력해주세요.': 'Enter the role as 교사 (teacher) or 학생 (student).',
  '이름은 한글이나 영문으로 입력해주세요.': 'Enter a name in Korean or English letters.',
  '이메일 주소 형식이 올바르지 않습니다.': 'The e-mail address is not valid.',
  '이메일 형식이 올바르지 않습니다.': 'The e-mail address is not valid.',
  '전화번호는 숫자와 -만 입력해 주세요.': 'A phone number holds digits and - only.',
  '코드 이름은 영문 대문자와 _로 씁니다.': 'A code name uses capital letters and _.',
  '클라이언트 ID는 영문, 숫자와 . _ : - 로 3자에서 100자까지 쓸 수 있습니다.':
    'A client ID has 3 to 100 letters, digits and . _ : -.',
  '휴대전화 번호 형식이 올바르지 않습니다.': 'The mobile number is not valid.',
  '학교 번호가 올바르지 않습니다.': 'The school number is not valid.',
  '종료일은 시작일보다 빠를 수 없습니다.': 'The end date cannot be before the start date.',
  // What is there already, or missing
  '같은 역할이 두 번 들어 있습니다.': 'The same role is listed twice.',
  '대화를 찾을 수 없습니다.': 'The conversation was not found.',
  '이름이 같은 학생이 있습니다. 번호나 성을 붙여 구분해주세요.':
    'Two students have the same name. Add a number or the family name to tell them apart.',
  '개인정보 수집·이용에 동의해야 문의를 보낼 수 있습니다.':
    'To send a question, agree to the collection and use of personal information.',
  '개인정보 수집·이용에 동의해야 신청할 수 있습니다.':
    'To apply, agree to the collection and use of personal information.',
  '이 영역의 기록이 이미 있습니다. 기존 기록을 고쳐 주세요.':
    'This area already has a record. Edit that record instead.',
  '초안이 아직 완성되지 않았습니다.': 'The draft is not finished yet.',
  '이 대화의 도구와 다릅니다.': "This is not the conversation's tool.",
  '이 자료에 보관된 파일이 아니에요.': 'This file is not kept with this material.',
  '참고 자료에 없는 성취기준이에요.': 'This achievement standard is not in the reference material.',
  '컷 수는 바꿀 수 없어요. 다시 만들기에서 바꿔 주세요.':
    'The number of panels cannot change here. Change it by making the webtoon again.',
  '그림은 수업 화면에서 항목별로 넣어 주세요. 이 요청은 글만 저장합니다.':
    'Add pictures item by item on the lesson screen. This request saves the text only.',
  '명단에 있는 학생을 한 번씩만 배치해주세요.': 'Place each student on the roster once.',
  '모든 학생을 모둠에 배치해주세요.': 'Place every student in a group.',
  '학급 명단에 학생이 두 명 이상 있어야 합니다.': 'The class roster needs at least two students.',
  '학생이 한 명도 없습니다.': 'There are no students.',
  '계정이 한 줄도 없습니다.': 'There are no accounts.',
  '이미 등록된 아이디입니다.': 'This username is taken.',
  '2015 또는 2022': 'Choose 2015 or 2022.',
  '1 또는 2': 'Choose 1 or 2.',
  '가격 정책을 입력해 주세요.': 'Enter the pricing.',
  '교사 관찰 의견을 입력해주세요.': "Enter the teacher's observation.",
  '교사의 개입 내용을 입력해주세요.': 'Enter what the teacher did.',
  '날짜를 YYYY-MM-DD 형식으로 입력해 주세요.': 'Enter the date as YYYY-MM-DD.',
  '내용이 너무 깁니다.': 'The text is too long.',
  '놀이 상황을 하나 이상 선택해주세요.': 'Choose at least one play situation.',
  '대상 학교급을 하나 이상 골라 주세요.': 'Choose at least one school level.',
  '상담 내용 요약을 입력해주세요.': 'Enter a summary of the meeting.',
  '상담 내용(상황)을 입력해주세요.': 'Enter what the counselling is about (the situation).',
  '상담 시간을 10분에서 60분 사이(10분 단위)로 선택해주세요.':
    'Choose a counselling time of 10 to 60 minutes, in steps of 10.',
  '상담 영역을 하나 이상 선택해주세요.': 'Choose at least one counselling area.',
  '상담 주제를 입력해주세요.': 'Enter the counselling topic.',
  '상담 주제를 하나 이상 선택해주세요.': 'Choose at least one counselling topic.',
  '업체 소개를 입력해 주세요.': 'Enter a description of the company.',
  '업체 이름을 입력해 주세요.': 'Enter the company name.',
  '에듀테크 이름을 입력해 주세요.': 'Enter the name of the tool.',
  '올바른 웹사이트 주소(https://…)를 입력해 주세요.': 'Enter a valid website address (https://…).',
  '올바른 이메일 주소를 입력해 주세요.': 'Enter a valid e-mail address.',
  '자료명을 입력해주세요.': "Enter the material's name.",
  '제품 키는 영문 소문자, 숫자, 하이픈(-)으로 40자까지 쓰고, 하이픈으로 시작하거나 끝날 수 없습니다.':
    'A product key has up to 40 lowercase letters, digits and hyphens, and does not start or end with a hyphen.',
  '카탈로그의 에듀테크를 고르거나 이름을 입력해 주세요.':
    'Choose a tool from the catalogue or enter its name.',
  '파일에서 글을 읽지 못했습니다.': 'No text could be read from the file.',
  '파일을 업로드해주세요.': 'Upload a file.',
  '피드백 영역을 하나 이상 선택해주세요.': 'Choose at least one feedback area.',
  '피드백할 글을 입력해주세요.': 'Enter the text to give feedback on.',
  '학부모 의견을 입력해주세요.': "Enter the parent's view.",
  '향후 계획을 입력해주세요.': 'Enter the next steps.',
  '지원하지 않는 콘텐츠 형식입니다.': 'This content type is not supported.',
  // Files
  '파일을 첨부해주세요.': 'Attach a file.',
  '엑셀 파일을 첨부해주세요.': 'Attach an Excel file.',
  '평가계획 양식 파일을 첨부해주세요.': 'Attach the assessment plan form.',
  '지원하지 않는 파일 형식입니다.': 'This file type is not supported.',
  '양식은 HWP, HWPX, WORD(DOCX), PDF 파일만 쓸 수 있습니다.':
    'A form can be an HWP, HWPX, Word (DOCX) or PDF file.',
  '평가계획 양식은 HWP, HWPX, WORD(DOCX), PDF 파일만 쓸 수 있습니다.':
    'An assessment plan form can be an HWP, HWPX, Word (DOCX) or PDF file.',
  '녹음 파일은 mp3 또는 mp4만 올릴 수 있습니다.': 'A recording can be an mp3 or mp4 file.',
  '영상(mp4)에서 소리를 뽑을 수 없는 서버입니다. mp3 파일로 올려 주세요.':
    'This server cannot take the sound out of a video (mp4). Upload an mp3 file.',
  '영상에서 소리를 뽑지 못했습니다.': 'The sound could not be taken out of the video.',
  '녹음을 글로 옮기는 음성 인식 모델이 연결되어 있지 않습니다. 회의 내용을 직접 입력해 주세요.':
    'No speech recognition model is connected to write the recording out. Enter the meeting notes yourself.',
  // Spreadsheets
  '이 열이 없습니다.': 'This column is missing.',
  '수식은 읽지 않습니다. 값으로 입력해주세요.': 'Formulas are not read. Enter the value.',
  '시트가 없습니다.': 'The file has no sheet.',
  '압축을 풀면 지나치게 커지는 파일이라 열지 않았습니다.':
    'The file was not opened: it grows far too large when unpacked.',
  '엑셀 파일을 읽을 수 없습니다.': 'The Excel file cannot be read.',
  '엑셀(.xlsx) 파일이 아닙니다.': 'This is not an Excel (.xlsx) file.',
  '파일을 읽는 데 자원이 너무 많이 들어 열지 않았습니다.':
    'The file was not opened: reading it takes too much.',
  '파일이 손상되어 읽을 수 없습니다.': 'The file is damaged and cannot be read.',
};

/** Messages with a number or a list in them: the Korean's shape, and its English. */
const SHAPED: [RegExp, (...parts: string[]) => string][] = [
  [/^([\d,]+)자 이내로 입력해주세요\.$/, (n) => `Use at most ${n} characters.`],
  [/^내용은 ([\d,]+)자 이내로 입력해주세요\.$/, (n) => `The text has at most ${n} characters.`],
  [/^메시지는 ([\d,]+)자 이하로 입력해 주세요\.$/, (n) => `A message has at most ${n} characters.`],
  [/^문항은 모두 ([\d,]+)개까지 만들 수 있어요\.$/, (n) => `Make at most ${n} questions in all.`],
  [/^한 번에 ([\d,]+)명까지 신청할 수 있습니다\.$/, (n) => `Apply for at most ${n} people at a time.`],
  [/^한 번에 ([\d,]+)행까지 올릴 수 있습니다\.$/, (n) => `Upload at most ${n} rows at a time.`],
  [/^파일은 ([\d,]+)개까지 올릴 수 있어요\.$/, (n) => `Upload at most ${n} files.`],
  [/^([\d,]+)자를 넘습니다\.$/, (n) => `This is longer than ${n} characters.`],
  [/^([\d,]+)행과 아이디가 같습니다\.$/, (n) => `The same username as row ${n}.`],
  [
    /^(\d+)학년도 (\d+)학년 (\d+)반[이가] 이미 있습니다\.$/,
    (year, grade, number) => `Class ${number} of grade ${grade} for ${year} already exists.`,
  ],
  [/^([\d,]+)번 학생이 이미 있습니다\.$/, (n) => `Student number ${n} is already on the roster.`],
  [
    /^이름과 생년월일이 같은 학생\(([\d,]+)번\)이 이미 있습니다\.$/,
    (n) => `A student with the same name and date of birth (number ${n}) is already on the roster.`,
  ],
  [
    /^같은 이름의 학생\(([\d,]+)번\)이 이미 있습니다\. 동명이인이면 생년월일을 입력해 구별해주세요\.$/,
    (n) =>
      `A student with the same name (number ${n}) is already on the roster. If they are two people, add the date of birth to tell them apart.`,
  ],
  [/^파일이 너무 큽니다 \(최대 ([\d,]+)MB\)\.$/, (n) => `The file is too large (at most ${n} MB).`],
  [
    /^머리글 행을 찾지 못했습니다\. 첫 행에 머리글\((.+)\)[을를] 적어 주세요\.$/,
    (headers) => `No header row was found. Write the headers (${headers}) in the first row.`,
  ],
  [
    /^이 학년·과목의 성취기준에 없는 코드예요: (.+)$/,
    (codes) => `These codes are not achievement standards of this grade and subject: ${codes}`,
  ],
];

/** The English of a Korean field message; the message itself when it has none (already English, or a name). */
export function englishMessage(message: string): string {
  // "입력해 주세요" and "입력해주세요" are the same request; the table spells it without the space.
  const exact = EXACT[message] ?? EXACT[message.replaceAll(' 주세요', '주세요')];
  if (exact !== undefined) return exact;
  for (const [shape, english] of SHAPED) {
    const match = shape.exec(message);
    if (match) return english(...match.slice(1));
  }
  return message;
}

/** A field message in `language`: Korean as written, English from the table. */
export function messageIn(language: Language, message: string): string {
  return language === 'en' ? englishMessage(message) : message;
}

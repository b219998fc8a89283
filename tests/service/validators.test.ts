import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../service/src/http/envelope.ts';
import { parseInput } from '../../service/src/http/validate.ts';
import { translate } from '../../service/src/i18n/index.ts';
import '../../service/src/modules/reference/messages.ts';
import { validatorMessages } from '@shop/common/validators.messages.ts';
import {
  citizenIdCheckChar,
  hasLetterAndDigit,
  isAmount,
  isBlank,
  isChineseName1to3,
  isCitizenId,
  isDecimal4,
  isDecimal6,
  isDigitsCommasHyphens,
  isEmail,
  isLicencePlate,
  isLink,
  isMobile,
  isMobileOrTenDigits,
  isNonNegativeAmount,
  isNonNegativeIntegerIgnoringSpaces,
  isPassword,
  isPositiveInteger,
  isPostcode,
  isZeroOrEmptyNumber,
  maskIdNumber,
} from '@shop/common/validators.ts';

/** Right checksum, so only the rule under test (birth date, range) can make it fail. */
const withCheck = (first17: string) => first17 + citizenIdCheckChar(first17);

const cases: Array<{
  name: string;
  check: (value: unknown) => boolean;
  valid: unknown[];
  invalid: unknown[];
}> = [
  {
    name: 'isBlank',
    check: isBlank,
    valid: ['', ' ', '\t\n', '　', null, undefined],
    invalid: ['a', ' a ', '0', 0, false],
  },
  {
    name: 'isZeroOrEmptyNumber',
    check: isZeroOrEmptyNumber,
    valid: [0, '0', '0.00', '', '  ', null, undefined, Number.NaN, 'abc', -0],
    invalid: [1, '1', '0.5', -2, ' 3 ', {}],
  },
  {
    name: 'isLink',
    check: isLink,
    valid: [
      'http://example.com',
      'https://shop.example.cn/path?q=1#top',
      'HTTPS://EXAMPLE.COM',
      'mailto:service@example.com',
      'tel:+86-10-12345678',
      'tel:13800000000',
    ],
    invalid: [
      '',
      'ftp://example.com',
      'example.com',
      'http://',
      'https:// spaced.com',
      'javascript:alert(1)',
      'mailto:',
      'mailto:nobody',
      'tel:abc',
      '//example.com',
      42,
    ],
  },
  {
    name: 'isAmount',
    check: isAmount,
    valid: ['0', '12', '12.3', '12.34', '-5', '-0.01', '1000000', 12.5, 0],
    invalid: ['', '12.345', '01', '1.', '.5', '+1', '1,000', 'abc', ' 1', '--1', null],
  },
  {
    name: 'isNonNegativeAmount',
    check: isNonNegativeAmount,
    valid: ['0', '0.5', '12.34', '999', 3],
    invalid: ['-1', '-0.01', '1.234', '', '00', 'x', -3],
  },
  {
    name: 'isDecimal6',
    check: isDecimal6,
    valid: ['0', '3.141592', '-2.5', '10', '0.000001'],
    invalid: ['3.1415926', '', '1.', '.1', 'e', '1e5'],
  },
  {
    name: 'isDecimal4',
    check: isDecimal4,
    valid: ['0', '2.5', '-0.1234', '100.0001'],
    invalid: ['0.12345', '', '1.', 'abc', '1.2.3'],
  },
  {
    name: 'isPositiveInteger',
    check: isPositiveInteger,
    valid: ['1', '42', '1000000', 7],
    invalid: ['0', '-1', '01', '1.5', '', ' 1', 'one', 0, -4],
  },
  {
    name: 'isNonNegativeIntegerIgnoringSpaces',
    check: isNonNegativeIntegerIgnoringSpaces,
    valid: ['0', '42', '1 000', ' 42 ', '1 2 3', 0, 15],
    invalid: ['', '   ', '-1', '1.5', '1,000', 'a1', null],
  },
  {
    name: 'isEmail',
    check: isEmail,
    valid: ['a@b.co', 'first.last@example.com', 'user+tag@mail.example.cn', 'x_y-z@sub-domain.org'],
    invalid: [
      '',
      'plain',
      '@example.com',
      'a@',
      'a@b',
      'a@b.c',
      'a..b@example.com',
      '.a@example.com',
      'a b@example.com',
      'a@-example.com',
      `${'a'.repeat(250)}@example.com`,
    ],
  },
  {
    name: 'isMobile',
    check: isMobile,
    valid: ['13800000000', '19912345678', '10000000000', 13800000000],
    invalid: [
      '1380000000',
      '138000000000',
      '23800000000',
      '1380000000a',
      '+8613800000000',
      '',
      13800000000.5,
    ],
  },
  {
    name: 'isMobileOrTenDigits',
    check: isMobileOrTenDigits,
    valid: ['13800000000', '0101234567', '1234567890'],
    invalid: ['123456789', '23800000000', '010-1234567', ''],
  },
  {
    name: 'isDigitsCommasHyphens',
    check: isDigitsCommasHyphens,
    valid: ['1,2,3', '010-1234', '123', '-', ',,'],
    invalid: ['', '1 2', '1;2', 'a', '1.5'],
  },
  {
    name: 'isPostcode',
    check: isPostcode,
    valid: ['100000', '010010', '518000'],
    invalid: ['10000', '1000000', '10000a', '', ' 100000'],
  },
  {
    name: 'isPassword',
    check: isPassword,
    valid: ['abc123', 'A.b_c-d!1', 'abcdef', '123456', 'a'.repeat(20)],
    invalid: ['abc12', 'a'.repeat(21), 'abc 123', 'abc@123', '密码abc123', '', 123456],
  },
  {
    name: 'hasLetterAndDigit',
    check: hasLetterAndDigit,
    valid: ['abc123', '1a', 'A!9'],
    invalid: ['abcdef', '123456', '!._-', '', 12],
  },
  {
    name: 'isLicencePlate',
    check: isLicencePlate,
    valid: ['京A12345', '粤B1234学', '沪AD12345', '苏E12345F', '川A8F2K9', '浙AF1234', '鲁B1234警'],
    invalid: [
      '京I12345',
      '京A1234',
      '京A123456',
      '港A12345',
      'A12345',
      '京a12345',
      '沪AZ12345',
      '苏E1234FF',
      '京A1234O',
      '',
    ],
  },
  {
    name: 'isCitizenId',
    check: (value) => isCitizenId(value, new Date('2024-06-01T00:00:00Z')),
    valid: [
      '11010519491231002X',
      '11010519491231002x',
      '440304199001010011',
      '320106200002291230',
      '110101190001010014',
    ],
    invalid: [
      '110105194912310021',
      '11010519491231002',
      '1101051949123100200',
      '01010519491231002X',
      'ABCDEFGHIJKLMNOPQR',
      withCheck('11010519490230002'),
      withCheck('32010620010229123'),
      withCheck('11010518991231002'),
      withCheck('11010519491331002'),
      withCheck('33010220250101001'),
      '',
      110105194912310020,
    ],
  },
  {
    name: 'isChineseName1to3',
    check: isChineseName1to3,
    valid: ['张', '李明', '欧阳娜'],
    invalid: ['', '欧阳娜娜', 'Li', '李 明', '李1', '·', null],
  },
];

describe('common/validators', () => {
  for (const { name, check, valid, invalid } of cases) {
    describe(name, () => {
      it.each(valid.map((value) => [value]))(`accepts %j`, (value) => {
        expect(check(value)).toBe(true);
      });
      it.each(invalid.map((value) => [value]))(`refuses %j`, (value) => {
        expect(check(value)).toBe(false);
      });
    });
  }

  it('isCitizenId refuses a birth date after today and accepts it once that day has come', () => {
    const id = withCheck('33010220250101001');
    expect(isCitizenId(id, new Date('2024-12-31T00:00:00Z'))).toBe(false);
    expect(isCitizenId(id, new Date('2025-01-02T00:00:00Z'))).toBe(true);
  });

  it('citizenIdCheckChar gives the GB 11643 check character', () => {
    expect(citizenIdCheckChar('11010519491231002')).toBe('X');
    expect(citizenIdCheckChar('44030419900101001')).toBe('1');
  });

  it('maskIdNumber keeps the first 6 and last 4 characters', () => {
    expect(maskIdNumber('11010519491231002x')).toBe('110105********002X');
    expect(maskIdNumber(' 440304199001010011 ')).toBe('440304********0011');
    expect(maskIdNumber('12345')).toBe('*****');
  });

  it('has a zh-CN and en-GB text for every helper check', () => {
    for (const [key, texts] of Object.entries(validatorMessages)) {
      expect(texts['zh-CN'], key).toBeTruthy();
      expect(texts['en-GB'], key).toBeTruthy();
    }
    expect(validatorMessages['validator.blank']['zh-CN']).toBe('请输入内容');
    expect(validatorMessages['validator.zeroOrEmpty']['zh-CN']).toBe('请输入数量');
  });

  it('its texts are registered in the service, so zod refinements can use them as messages', () => {
    const schema = z.object({ phone: z.string().refine(isMobile, 'validator.mobile') });
    expect(parseInput(schema, { phone: '13800000000' })).toEqual({ phone: '13800000000' });
    let error: unknown;
    try {
      parseInput(schema, { phone: '12345' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).key).toBe('validator.mobile');
    expect(translate('validator.mobile', 'zh-CN')).toBe('请输入正确的手机号码');
    expect(translate('validator.citizenId', 'en-GB')).toBe('Please enter a valid citizen ID number');
  });
});

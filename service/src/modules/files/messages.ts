import { defineMessages } from '../../i18n/index.ts';

export const fileMessages = defineMessages({
  'files.missing': { 'zh-CN': '请选择要上传的文件', 'en-GB': 'Please choose a file to upload' },
  'files.tooLarge': {
    'zh-CN': '文件大小不能超过 {max}',
    'en-GB': 'The file must not be larger than {max}',
  },
  'files.unsupportedType': {
    'zh-CN': '仅支持上传 jpeg、jpg、png、gif、webp 图片或 xlsx、xls 表格',
    'en-GB': 'Only jpeg, jpg, png, gif and webp images or xlsx and xls spreadsheets can be uploaded',
  },
  'files.contentMismatch': {
    'zh-CN': '文件内容与扩展名不符或文件已损坏',
    'en-GB': 'The file content does not match its extension, or the file is damaged',
  },
  'files.imageTooLarge': {
    'zh-CN': '图片尺寸过大（{width}×{height}），每边不能超过 {max} 像素',
    'en-GB': 'The picture is too large ({width}×{height}): at most {max} pixels on each side',
  },
  'files.badForm': {
    'zh-CN': '上传内容格式不正确，请使用 file 字段上传单个文件',
    'en-GB': 'The upload is not valid: send one file in the "file" field',
  },
  'files.invalidName': { 'zh-CN': '文件名不正确', 'en-GB': 'The file name is not valid' },
  'files.notFound': { 'zh-CN': '文件不存在', 'en-GB': 'The file does not exist' },
});

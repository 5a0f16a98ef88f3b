// The web's CSS writes no raw font size, spacing or radius: each is a token of
// web/src/styles/tokens.css (docs/web-structure.md, "The scales"). Allowed besides var(--token):
// 0, a percentage, keywords, a ±1px hairline, env(), and calc()/clamp()/min()/max() whose only
// lengths are tokens (a unitless factor or a viewport unit may sit beside them).
const rawLengthInside = String.raw`(?<![\w-])\d*\.?\d+(px|rem|em|ch|ex|pt)\b`;

export default {
  plugins: ['stylelint-declaration-strict-value'],
  rules: {
    'scale-unlimited/declaration-strict-value': [
      [
        'font-size',
        '/^(margin|padding|scroll-margin|scroll-padding)(-(top|right|bottom|left|block|inline)(-(start|end))?)?$/',
        '/^(gap|row-gap|column-gap|inset|inset-(block|inline)(-(start|end))?|top|right|bottom|left)$/',
        '/^border(-(top|bottom|start|end)-(left|right|start|end))?-radius$/',
      ],
      {
        ignoreFunctions: false,
        ignoreValues: [
          '0',
          'auto',
          'inherit',
          'initial',
          'unset',
          'normal',
          '1px',
          '-1px',
          '/^-?\\d*\\.?\\d+%$/',
          '/^env\\(/',
          // an anchor's edge (CSS anchor positioning) is a place, not a length of the scale
          '/^anchor\\(/',
          `/^(calc|clamp|min|max)\\((?!.*${rawLengthInside}).*\\)$/`,
        ],
        message: 'Use a token of web/src/styles/tokens.css for ${property} (got "${value}")',
      },
    ],
  // The plugin skips custom properties; those a primitive reads as a size, gap or radius
  // (--stack-gap, --chip-font-size, --icon-tile-radius…) hold no raw length either.
    'declaration-property-value-disallowed-list': {
      '/^--.+-(font-size|title-size|label-size|gap|padding|margin|offset|radius)$/': [
        `/${rawLengthInside.replace('(?<![\\w-])', '(?<![\\w.-])(?!1px\\b)')}/`,
      ],
    },
  },
  overrides: [
    // the one place the numbers live
    { files: ['web/src/styles/tokens.css'], rules: { 'scale-unlimited/declaration-strict-value': null, 'declaration-property-value-disallowed-list': null } },
  ],
};

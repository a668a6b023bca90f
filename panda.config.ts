import { defineConfig } from '@pandacss/dev';

// Breakpoints are the spec's (section 9): 600, 900, 1200, 1536 px. The product's own sidebar switches at 1024px,
// written as a raw media query where it is needed.
export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  globalCss: {
    'html, body': {
      bg: 'bg.canvas',
      color: 'fg.default',
      fontFamily: 'body',
      fontSize: '14px',
      lineHeight: '1.5',
      WebkitFontSmoothing: 'antialiased',
    },
    '*:focus-visible': { outline: '2px solid token(colors.accent.default)', outlineOffset: '2px' },
    // Staff who asked their system for less motion get none: pages, dialogs, menus and toasts appear at once.
    // Exactly 0s: Ark's presence unmounts a closing dialog at once when its animation lasts 0s, whereas a very
    // short one could end before it started listening, leaving an invisible backdrop over the page.
    '@media (prefers-reduced-motion: reduce)': {
      '*, *::before, *::after': {
        animationDuration: '0s !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0s !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    extend: {
      breakpoints: { sm: '600px', md: '900px', lg: '1200px', xl: '1536px', '2xl': '1920px' },
      tokens: {
        fonts: {
          body: { value: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif' },
        },
        // Header under the sidebar (the hovered rail floats over it); drawer and dialogs over both; toasts on top.
        zIndex: {
          sticky: { value: 20 },
          docked: { value: 25 },
          overlay: { value: 30 },
          modal: { value: 40 },
          popover: { value: 50 },
          toast: { value: 60 },
        },
        sizes: {
          rail: { value: '75px' },
          sidebar: { value: '16rem' },
          drawer: { value: '18rem' },
          header: { value: '60px' },
        },
      },
      semanticTokens: {
        // Text colours meet WCAG 2.1 AA (4.5:1) on every background they are used on: surface, canvas, bg.subtle and
        // their own tone's subtle background (badges). Checked by axe in the page crawl (tests/e2e/everyPage/, tests/e2e/crawl/crawlEveryPage.ts).
        colors: {
          bg: {
            canvas: { value: '#f5f7fb' },
            surface: { value: '#ffffff' },
            subtle: { value: '#eef2f8' },
            muted: { value: '#e3e8f0' },
            overlay: { value: 'rgba(15, 23, 42, 0.45)' },
            sidebar: { value: '#13213a' },
            sidebarHover: { value: '#1d2f50' },
            sidebarActive: { value: '#25406e' },
          },
          fg: {
            default: { value: '#1a2233' },
            muted: { value: '#5b6578' },
            subtle: { value: '#626b80' },
            onAccent: { value: '#ffffff' },
            sidebar: { value: '#c9d3e6' },
            sidebarActive: { value: '#ffffff' },
          },
          border: { default: { value: '#dbe1ea' }, strong: { value: '#c3cbd8' } },
          accent: {
            default: { value: '#2563eb' },
            hover: { value: '#1d4ed8' },
            subtle: { value: '#e8efff' },
            fg: { value: '#1e40af' },
          },
          success: { default: { value: '#157a3a' }, subtle: { value: '#e7f6ec' } },
          danger: { default: { value: '#cc2222' }, hover: { value: '#b91c1c' }, subtle: { value: '#fdecec' } },
          info: { default: { value: '#0e7490' }, subtle: { value: '#e4f4f8' } },
          money: { negative: { value: '#cc2222' }, zero: { value: '#111827' }, positive: { value: '#157a3a' } },
        },
        shadows: {
          card: { value: '0 1px 2px rgba(16,24,40,0.06), 0 1px 3px rgba(16,24,40,0.08)' },
          popover: { value: '0 12px 32px rgba(16,24,40,0.16), 0 2px 6px rgba(16,24,40,0.08)' },
        },
        radii: { control: { value: '8px' }, card: { value: '12px' } },
      },
      keyframes: {
        fadeIn: { from: { opacity: '0' }, to: { opacity: '1' } },
        fadeOut: { from: { opacity: '1' }, to: { opacity: '0' } },
        pageIn: { from: { transform: 'translateY(6px)' }, to: { transform: 'none' } },
        slideInLeft: { from: { transform: 'translateX(-100%)' }, to: { transform: 'none' } },
        slideOutLeft: { from: { transform: 'none' }, to: { transform: 'translateX(-100%)' } },
        scaleIn: { from: { opacity: '0', transform: 'scale(0.96)' }, to: { opacity: '1', transform: 'none' } },
        toastIn: { from: { opacity: '0', transform: 'translateX(24px)' }, to: { opacity: '1', transform: 'none' } },
        progress: { '0%': { transform: 'translateX(-100%)' }, '100%': { transform: 'translateX(250%)' } },
      },
    },
  },
});
